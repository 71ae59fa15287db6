import { PageSwitch } from '../components/PageSwitch.tsx';

/** Live stream | Audio: the two listening rooms side by side, one click apart. */
export function MediaTabs() {
  return (
    <PageSwitch
      label="Live and audio"
      items={[
        { to: '/stream', text: 'Live stream' },
        { to: '/audio', text: 'Audio' },
      ]}
    />
  );
}
