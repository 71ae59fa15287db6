import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportedExecution } from '../../functions/_lib/contract/index.ts';
import type { OpenedBefore } from '../../functions/_lib/trades/round-trips.ts';
import { ApiError } from '../api/client.ts';
import { OpeningForm } from './OpeningForm.tsx';
import { importBatch, tradesChanged } from './trades-writes.ts';

/** On the trades page: the opening is saved at once, and the lists follow. */
export function CompleteOpening({
  close,
  broker,
  onDone,
}: {
  close: OpenedBefore;
  broker: string;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (opening: ImportedExecution) => importBatch([opening]),
    onSuccess: async () => {
      await tradesChanged(client);
      onDone();
    },
  });
  const error = save.error
    ? save.error instanceof ApiError
      ? save.error.message
      : 'The opening could not be saved. Try again.'
    : null;
  return (
    <OpeningForm
      close={close}
      broker={broker}
      busy={save.isPending}
      error={error}
      onOpening={(opening) => save.mutate(opening)}
    />
  );
}
