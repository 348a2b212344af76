"""Where a balance plan's battles are played: this process, worker processes, or a
Dask distributed cluster. The plan is cut into chunks (`Plan.chunks`, fixed by the
plan alone); their tallies are merged in chunk order and the precision stop is checked
after each, so the report is the same however many workers played it. Ctrl+C stops
the run and keeps every chunk merged so far (a partial report, said so).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

from skirmtui.engine.core.records import record
from skirmtui.engine.play.balance import Plan, Resolve
from skirmtui.engine.play.tally import Tally, play_chunk

#: How a run ended: every battle planned, the precision reached, or interrupted.
ALL, PRECISION, INTERRUPTED = "battles", "precision", "interrupted"

#: Called after each chunk with (battles played, battles planned, seconds so far).
OnProgress = Callable[[int, int, float], None]


@record
class Outcome:
    tally: Tally
    stopped: str
    seconds: float

    @property
    def per_second(self) -> float:
        return self.tally.battles / self.seconds if self.seconds else 0.0


def all_cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_plan(
    plan: Plan,
    resolve: Resolve,
    workers: int = 1,
    cluster: str | None = None,
    on_progress: OnProgress | None = None,
) -> Outcome:
    """Play the plan and return its tally; never raises KeyboardInterrupt (the partial
    tally comes back with `stopped == INTERRUPTED`)."""
    start = time.perf_counter()
    tally = Tally()
    stopped = ALL
    if cluster is not None:
        source: _Source = _DaskSource(plan, resolve, cluster)
    elif workers > 1:
        source = _PoolSource(plan, resolve, workers)
    else:
        source = _LocalSource(plan, resolve)
    try:
        for chunk in source.tallies():
            tally.merge(plan, chunk)
            if on_progress is not None:
                on_progress(tally.battles, plan.battles, time.perf_counter() - start)
            if tally.done(plan):
                stopped = PRECISION
                break
    except KeyboardInterrupt:
        stopped = INTERRUPTED
    finally:
        source.close()
    return Outcome(tally, stopped, time.perf_counter() - start)


class _Source:
    """The chunks' tallies, in chunk order."""

    def tallies(self) -> Iterator[Tally]:
        raise NotImplementedError

    def close(self) -> None:
        """Stop whatever still runs (after a precision stop or an interrupt)."""


class _LocalSource(_Source):
    def __init__(self, plan: Plan, resolve: Resolve) -> None:
        self.plan, self.resolve = plan, resolve

    def tallies(self) -> Iterator[Tally]:
        for first, stop in self.plan.chunks():
            yield play_chunk(self.plan, self.resolve, first, stop)


def _quiet_worker() -> None:
    """Workers leave Ctrl+C to the parent, which stops them and keeps what is done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunk_job(job: tuple[Plan, Resolve, int, int]) -> Tally:
    return play_chunk(*job)


class _PoolSource(_Source):
    def __init__(self, plan: Plan, resolve: Resolve, workers: int) -> None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        # fork: the workers start with the rules already imported (~0.5 s each else).
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.plan, self.resolve = plan, resolve
        self.pool = context.Pool(workers, initializer=_quiet_worker)

    def tallies(self) -> Iterator[Tally]:
        jobs = ((self.plan, self.resolve, first, stop) for first, stop in self.plan.chunks())
        yield from self.pool.imap(_chunk_job, jobs)

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


class ClusterUnavailable(RuntimeError):
    """`--cluster` without the `cluster` extra installed, or no scheduler there."""


class _DaskSource(_Source):
    def __init__(self, plan: Plan, resolve: Resolve, address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterUnavailable(
                "--cluster needs Dask distributed: pip install 'skirmtui[cluster]'"
            ) from None
        self.plan, self.resolve = plan, resolve
        try:
            self.client: Any = Client(address, timeout="10s")  # type: ignore[no-untyped-call, unused-ignore]
        except (OSError, TimeoutError) as error:
            raise ClusterUnavailable(f"no Dask scheduler at {address}: {error}") from None
        self.futures: list[Any] = []

    def tallies(self) -> Iterator[Tally]:
        """At most a few chunks per worker thread in flight (memory flat however many
        battles), the plan sent to the workers once."""
        plan = self.client.scatter(self.plan, broadcast=True)
        window = max(2, 2 * sum(self.client.nthreads().values()))
        chunks = iter(self.plan.chunks())

        def submit() -> None:
            chunk = next(chunks, None)
            if chunk is not None:
                self.futures.append(
                    self.client.submit(play_chunk, plan, self.resolve, *chunk, pure=False)
                )

        for _ in range(window):
            submit()
        while self.futures:
            tally: Tally = self.futures[0].result()
            self.futures.pop(0)
            submit()
            yield tally

    def close(self) -> None:
        if self.futures:
            self.client.cancel(self.futures)
        self.client.close()
