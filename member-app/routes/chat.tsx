import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../chat/ChatPage.tsx';

export const Route = createFileRoute('/chat')({
  staticData: { title: 'Chat', skeleton: 'heading forms' },
  component: ChatPage,
});
