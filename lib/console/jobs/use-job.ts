'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { isActive, type JobView } from './view';

/**
 * The browser's side of a console job: starts one (POST /api/admin/jobs) and polls its progress
 * (GET /api/admin/jobs/<id>) every second while it is queued or running. The page passes the
 * active job it rendered with, so progress survives a reload.
 */

export const POLL_MS = 1_000;

type ErrorBody = { error?: { code?: string; message?: string }; job?: JobView | null };

export function useJob({ initial, onFinished }: { initial: JobView | null; onFinished?: (job: JobView) => void }) {
  const [job, setJob] = useState<JobView | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  const jobId = job?.id;
  const active = job ? isActive(job) : false;
  useEffect(() => {
    if (!jobId || !active) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const response = await fetch(`/api/admin/jobs/${jobId}`, { cache: 'no-store' });
        if (response.ok) {
          const body = (await response.json()) as { job: JobView };
          if (cancelled) return;
          setJob(body.job);
          if (!isActive(body.job)) {
            finished.current?.(body.job);
            return;
          }
        }
      } catch {
        // A missed poll (server busy, network blip) is retried on the next tick.
      }
      if (!cancelled) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [jobId, active]);

  const start = useCallback(async (request: Record<string, unknown>) => {
    setStarting(true);
    setError(null);
    try {
      const response = await fetch('/api/admin/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const body = (await response.json().catch(() => ({}))) as ErrorBody & { job?: JobView | null };
      if (response.status === 202 && body.job) {
        setJob(body.job);
        return true;
      }
      setError(body.error?.message ?? `The job could not be started (HTTP ${response.status}).`);
      // Refused because one is running: show that one's progress instead.
      if (response.status === 409 && body.job) setJob(body.job);
      return false;
    } catch {
      setError('The server could not be reached. Try again.');
      return false;
    } finally {
      setStarting(false);
    }
  }, []);

  return { job, error, starting, start, active };
}
