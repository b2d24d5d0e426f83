import { MiscMessage } from './MiscMessage.tsx';

/** Route `error`: unknown paths, /pages/misc/not-found/{error}, and routes whose page is not built. */
export default function NotFoundPage() {
  return <MiscMessage code={404} kind="notFound" />;
}
