import { useAuth } from "../auth/auth-context";
import { ComingSoon } from "./coming-soon";

export function SettingsPage() {
  const { user } = useAuth();
  return (
    <ComingSoon title="Settings">
      {user ? (
        <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
          <dt className="text-slate-600">Email</dt>
          <dd>{user.email}</dd>
          <dt className="text-slate-600">Username</dt>
          <dd>{user.username}</dd>
          <dt className="text-slate-600">Role</dt>
          <dd>{user.role}</dd>
        </dl>
      ) : (
        <p>Sign in to see your account settings.</p>
      )}
    </ComingSoon>
  );
}
