import { MiscMessage } from './MiscMessage.tsx';

/** Where the guard sends a signed-in user whose ability refuses the route. */
export default function NotAuthorizedPage() {
  return <MiscMessage code={401} kind="notAuthorized" />;
}
