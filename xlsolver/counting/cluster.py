"""Running plain-data jobs on a Dask distributed cluster (``--scheduler ADDRESS``, or ``local``).

Why Dask: a count's subproblems (``parallel.Task``) and a generator's candidate
checks are calls of one module-level function on plain data, independent of
each other.  Scheduling such calls over many machines, with workers that join,
leave or die, is what ``distributed`` does; this module only adapts it to the
way xlsolver runs a search, and is the only one that imports it (lazily:
``import xlsolver`` stays light, and the package is an extra,
``pip install 'xlsolver[cluster]'``).

What it adds to ``Client.map``:

- data every job needs (a problem as DLX text) goes to each worker once
  (scattered, broadcast) and is the job function's first argument, so the
  function can cache what it derives from it per worker process;
- results come back as they finish while the caller's stop (a cancel
  predicate, a deadline) is checked ten times a second, as a search checks it;
  a stop, an error or a caller that stops iterating cancels the jobs not
  finished;
- the client is closed, and a local cluster shut down, however the run ends;
- what a user can fix (``distributed`` missing, no scheduler at the address,
  a scheduler without workers, a worker with another xlsolver) is a one-line
  :class:`ClusterError`.

Workers import the job function by name (pickled by reference): it must be a
module-level function, and every worker needs xlsolver at the client's
version, which each job checks.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import signal
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from .. import __version__
from ..base import clock
from ..base.files import UserError
from ..engine import CANCELLED, TIME_LIMIT, as_predicate

LOCAL = "local"  # --scheduler local: a LocalCluster on this machine, for this run
INSTALL = "pip install 'xlsolver[cluster]'"
POLL_SECONDS = 0.1  # how often a stop is checked while no result arrives
WORKER_CLOSE_SECONDS = 0.5  # a local worker gets 0.4 s of it to close, then is killed


class ClusterError(UserError):
    """The cluster cannot run the jobs as asked (printed as one line, exit code 2)."""


class WrongVersion(RuntimeError):
    """Raised on a worker whose xlsolver is not the client's: its results could differ."""


def _distributed():
    """The ``distributed`` package, or a ClusterError naming the extra that installs it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask's distributed package: {INSTALL}") from None
    return distributed


class Cluster:
    """A connected client: how many workers the cluster has, and :meth:`map_unordered` over them."""

    def __init__(self, client, name: str):
        self.client = client
        self.name = name  # the address asked for ("local" for a LocalCluster)
        self.stopped: str | None = None  # why the last map_unordered stopped early (engine.CANCELLED, TIME_LIMIT)

    @property
    def workers(self) -> int:
        return len(self.client.nthreads())

    @property
    def threads(self) -> int:
        """Jobs the cluster runs at once: what a caller splits its work for."""
        return max(1, sum(self.client.nthreads().values()))

    def map_unordered(self, function: Callable, items: Iterable, *, shared: object = None, cancel=None,
                      deadline: float | None = None, idle: Callable[[], None] | None = None) -> Iterator:
        """``function(item)`` (``function(shared, item)`` when ``shared`` is given) for every item, on the
        workers; yields the results as they finish.

        ``shared`` goes to each worker once.  ``cancel`` (an Event or a predicate) and ``deadline`` (a
        ``clock.now()`` value) end the iteration early, with :attr:`stopped` saying why; ``idle`` is
        called whenever no result came for a tenth of a second (to redraw a progress bar).  Jobs not
        finished when the iteration ends, however it ends, are cancelled.
        """
        if "<" in function.__qualname__:  # a lambda or a nested function: workers could not import it
            raise ValueError(f"map_unordered runs module-level functions, not {function.__qualname__}")
        self.stopped = None
        cancelled = as_predicate(cancel)
        items = list(items)
        if not items:
            return
        client = self.client
        keys = [f"xlsolver-{function.__name__}-{uuid.uuid4().hex[:12]}-{i}" for i in range(len(items))]
        common = dict(function=function, version=__version__)
        data = []
        if shared is None:
            futures = client.map(_call, items, key=keys, **common)
        else:
            data = client.scatter([shared], broadcast=True, hash=False)  # a list: one object, not its elements
            futures = client.map(_call_shared, items, key=keys, shared=data[0], **common)
        finished: queue.SimpleQueue = queue.SimpleQueue()
        for future in futures:
            future.add_done_callback(finished.put)  # called on a thread of distributed's
        pending = len(futures)
        try:
            while pending:
                try:
                    ready = [finished.get(timeout=POLL_SECONDS)]
                except queue.Empty:
                    ready = []
                while ready and not finished.empty():  # fetched together: a fetch is a round trip to a worker
                    ready.append(finished.get())
                pending -= len(ready)
                for result in self._results(ready):
                    yield result
                if not pending:
                    break
                if cancelled():
                    self.stopped = CANCELLED
                elif deadline is not None and clock.now() >= deadline:
                    self.stopped = TIME_LIMIT
                if self.stopped:
                    return
                if not ready and idle is not None:
                    idle()
        finally:
            unfinished = [f for f in futures if not f.done()]
            if unfinished:
                client.cancel(unfinished)
            for future in futures + data:
                future.release()

    def _results(self, futures: list) -> list:
        """The jobs' results; what a user can fix (a worker's install, a dead worker) as a ClusterError."""
        if not futures:
            return []
        distributed = _distributed()
        try:
            return self.client.gather(futures)
        except WrongVersion as err:
            raise ClusterError(f"{err} (cluster at {self.name}): install the same xlsolver everywhere") from None
        except ImportError as err:
            raise ClusterError(f"a Dask worker of {self.name} cannot import what the job needs ({err}): "
                               f"install xlsolver {__version__} on every worker") from None
        except distributed.KilledWorker as err:
            raise ClusterError(f"Dask workers of {self.name} died running a job ({err})") from None
        except concurrent.futures.CancelledError as err:  # e.g. the client lost the scheduler
            raise ClusterError(f"the Dask cluster at {self.name} dropped a job "
                               f"({_first_line(err).rstrip('.')}); was the scheduler stopped?") from None


def _call(item, *, function: Callable, version: str):
    """On a worker: one job."""
    _check_version(version)
    return function(item)


def _call_shared(item, *, shared, function: Callable, version: str):
    """On a worker: one job that takes the run's shared data first."""
    _check_version(version)
    return function(shared, item)


def _check_version(client_version: str) -> None:
    if client_version != __version__:
        raise WrongVersion(f"a Dask worker has xlsolver {__version__}, this client {client_version}")


@contextmanager
def connect(scheduler: str, workers: int = 1, *, timeout: float | None = None) -> Iterator[Cluster]:
    """A :class:`Cluster` for the scheduler at ``scheduler`` (e.g. ``tcp://HOST:8786``), or for ``"local"``
    a new LocalCluster of ``workers`` processes (``--jobs``; 1, its default, means one per core: a cluster
    of one process would split nothing) that ends with the block.

    ``timeout``: how long to wait for a remote scheduler (and for its first worker); by default Dask's
    ``distributed.comm.timeouts.connect`` (30 s unless configured, e.g. by
    ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=5s``).
    """
    distributed = _distributed()
    if timeout is None:
        import dask

        timeout = dask.utils.parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), "s")
    local = client = None
    client_log = logging.getLogger("distributed.client")
    level = client_log.level
    client_log.setLevel(logging.CRITICAL)  # a lost scheduler is logged with tracebacks, then told as a ClusterError
    try:
        if scheduler == LOCAL:
            local = _local_cluster(distributed, workers)
            client = distributed.Client(local, set_as_default=False)
        else:
            client = _remote_client(distributed, scheduler, timeout)
        yield Cluster(client, scheduler)
    finally:
        if client is not None:
            client.close()
        if local is not None:
            local.sync(_end_workers, list(local.workers.values()))
            local.close()
        client_log.setLevel(level)


def _remote_client(distributed, scheduler: str, timeout: float):
    """A client of a running scheduler that has at least one worker, or a ClusterError naming the address."""
    try:  # a Client that fails otherwise than by OSError is left half open: collecting it hangs (2 x timeout)
        with concurrent.futures.ThreadPoolExecutor(1) as thread:  # a thread of its own: the caller may run a loop
            thread.submit(asyncio.run, _probe(distributed, scheduler, timeout)).result()
    except (OSError, TimeoutError) as err:  # refused, unknown host, nothing answering: Dask retries until the timeout
        raise ClusterError(f"no Dask scheduler answered at {scheduler} within {timeout:g} s "
                           f"({_first_line(err)})") from None
    except Exception as err:  # not an address Dask can use (a scheme, a port, TLS without its settings...)
        raise ClusterError(f"--scheduler {scheduler}: {_first_line(err)} (give tcp://HOST:PORT, or local)") from None
    try:
        client = distributed.Client(scheduler, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as err:  # it went away since
        raise ClusterError(f"no Dask scheduler answered at {scheduler} ({_first_line(err)})") from None
    try:
        if not client.nthreads():
            client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError):
        client.close()
        raise ClusterError(f"the Dask scheduler at {scheduler} has no workers (start some with "
                           f"'dask worker {scheduler}')") from None
    return client


async def _probe(distributed, address: str, timeout: float) -> None:
    """Connect to ``address`` as a client would (Dask's comms, TLS settings from its config), and hang up."""
    args = distributed.security.Security().get_connection_args("client")
    comm = await distributed.comm.connect(address, timeout=timeout, **args)
    await comm.close()


def _local_cluster(distributed, workers: int):
    """A quiet LocalCluster on 127.0.0.1: ``workers`` processes of one thread each (the jobs hold the GIL
    part of the time), no dashboard, and workers that log nothing below CRITICAL: the client reports what
    went wrong in a job, and a worker closed at the end of a stopped run may log a heartbeat it lost on the
    way out, with a traceback.

    Its worker processes are started with Ctrl-C ignored (a disposition survives exec): a Ctrl-C at the
    terminal reaches the whole process group, and the client, not each worker, decides how the run
    stops.  They end with this process however it ends (distributed watches their parent).
    """
    ignoring = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if ignoring else None
    try:
        return distributed.LocalCluster(n_workers=workers if workers > 1 else None, threads_per_worker=1,
                                        processes=True, host="127.0.0.1", dashboard_address=None,
                                        silence_logs=logging.CRITICAL)
    finally:
        if ignoring:
            signal.signal(signal.SIGINT, previous)


async def _end_workers(workers: list) -> None:
    """Close a local cluster's workers at once: a worker still in a job (one a stop left running) would not
    close before the job ends, and Dask waits 4 s before killing it; a pool is terminated at once too."""
    await asyncio.gather(*(worker.close(timeout=WORKER_CLOSE_SECONDS) for worker in workers))


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def map_unordered(function: Callable, items: Iterable, scheduler: str, *, shared: object = None,
                  workers: int | None = None, cancel=None, deadline: float | None = None) -> Iterator:
    """``function(item)`` (or ``function(shared, item)``) for every item on the cluster at ``scheduler``
    (``"local"``: a LocalCluster of ``workers`` processes), yielding results as they finish.

    ``function`` must be a module-level function (workers import it).  A stop (``cancel``, ``deadline``)
    ends the iteration early; the caller tells which from its own controls.  For the worker count or the
    reason of a stop, use :func:`connect` and :meth:`Cluster.map_unordered`.
    """
    with connect(scheduler, workers) as cluster:
        yield from cluster.map_unordered(function, items, shared=shared, cancel=cancel, deadline=deadline)


__all__ = ["LOCAL", "INSTALL", "Cluster", "ClusterError", "WrongVersion", "connect", "map_unordered"]
