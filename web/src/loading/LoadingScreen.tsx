/** Placeholder until the loading screen lands (issue 4). */
export function LoadingScreen({ onFinished: _onFinished }: { done: boolean; onFinished(): void }) {
  return (
    <div role="status" className="page">
      Loading your dashboard
    </div>
  );
}
