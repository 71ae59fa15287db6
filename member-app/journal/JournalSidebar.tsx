import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Category, SymbolNotes } from '../../functions/_lib/contract/index.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { categoryNameError, MAX_CATEGORY_NAME } from '../../functions/_lib/journal/rules.ts';
import { ExportButton } from './ExportButton.tsx';
import { categoriesChanged, deleteCategory, type NoteFilter, putCategory } from './journal-page-data.ts';

/** docs/product.md §2 Journal: the category sidebar (add, delete, filter) and the stock-symbol sidebar (filter). */
export function JournalSidebar({
  categories,
  symbols,
  filter,
  onFilter,
}: {
  categories: Category[];
  symbols: SymbolNotes[];
  filter: NoteFilter | null;
  onFilter: (filter: NoteFilter | null) => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (category: string) => putCategory(newId('category_'), category),
    onSuccess: ({ categories: next }) => categoriesChanged(client, next),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteCategory(id),
    onSuccess: ({ categories: next }, id) => {
      categoriesChanged(client, next, true);
      if (filter && 'category_id' in filter && filter.category_id === id) onFilter(null);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §5: an empty name is not added.
    if (name.trim() === '') return;
    const problem = categoryNameError(name);
    if (problem) return setError(problem);
    setError(null);
    try {
      await add.mutateAsync(name.trim());
      setName('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The category could not be added');
    }
  };

  const confirmDelete = (category: Category) => {
    if (!window.confirm(`Delete the category '${category.category}'? Its notes keep their text.`)) return;
    remove.mutate(category.category_id, {
      onError: (failure) => setError(failure instanceof Error ? failure.message : 'Could not delete it'),
    });
  };

  const isCategory = (id: string) => filter !== null && 'category_id' in filter && filter.category_id === id;
  const isSymbol = (symbol: string) => filter !== null && 'symbol' in filter && filter.symbol === symbol;

  return (
    <aside className="journal-sidebar" aria-label="Filters">
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <ul className="journal-filters">
          {categories.map((category) => (
            <li key={category.category_id}>
              <button
                type="button"
                className="journal-filter"
                aria-pressed={isCategory(category.category_id)}
                onClick={() =>
                  onFilter(isCategory(category.category_id) ? null : { category_id: category.category_id })
                }
              >
                {category.category}
              </button>
              <button
                type="button"
                className="journal-filter__delete"
                aria-label={`Delete category ${category.category}`}
                onClick={() => confirmDelete(category)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <form className="journal-add-category" onSubmit={submit}>
          <label>
            <span className="visually-hidden">New category</span>
            <input
              value={name}
              maxLength={MAX_CATEGORY_NAME}
              placeholder="New category"
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-ghost" disabled={add.isPending}>
            Add
          </button>
        </form>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <section aria-labelledby="symbols-heading">
        <h2 id="symbols-heading">Stock Symbols</h2>
        {symbols.length === 0 ? (
          <p className="muted">Type a $cashtag in a note to see it here.</p>
        ) : (
          <ul className="journal-filters journal-filters--symbols">
            {symbols.map(({ symbol, note_ids }) => (
              <li key={symbol}>
                <button
                  type="button"
                  className="journal-filter journal-filter--symbol"
                  aria-pressed={isSymbol(symbol)}
                  onClick={() => onFilter(isSymbol(symbol) ? null : { symbol })}
                >
                  ${symbol} <span className="muted">{note_ids.length}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ExportButton categories={categories} />
    </aside>
  );
}
