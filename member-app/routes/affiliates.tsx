import { createFileRoute } from '@tanstack/react-router';
import { AffiliatesPage } from '../affiliates/AffiliatesPage.tsx';

export const Route = createFileRoute('/affiliates')({
  staticData: { title: 'Affiliates', skeleton: 'heading tiles rows' },
  component: AffiliatesPage,
});
