"""Concurrency checks: the channel and the eager queues under many threads at once (enqueue,
enqueue_many, dequeue, dequeue_many, dequeue_up_to, close, and close with cancel racing them).

Every round draws its plan (queue kind and capacity, how many threads of each role, their operations,
when the closes come) from a fixed seed, runs it, and checks the books:

- nothing doubled: no element is delivered twice, or both delivered and left in the queue;
- nothing lost: every element whose enqueue returned is delivered or still in the queue, and one
  whose single-element enqueue failed is in neither; of an ``enqueue_many`` that failed (the close
  came while it waited for room), exactly a prefix got in, in order;
- batches as promised: ``dequeue_many(n)`` gives n, ``dequeue_up_to(n)`` 1 to n;
- FIFO order per producer where one consumer reads a FIFO queue;
- the queue never held more than its capacity;
- every thread ends, and none raised anything but the documented errors.

The whole file runs in a few seconds; ``ROUNDS`` sets how many rounds each test runs.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pytest

from tfdata_bridge._src.runtime.channel import (
    Channel, ChannelClosedError, DequeueCancelledError, EnqueueCancelledError, EnqueueClosedError,
)

SEED = 20240611
CHANNEL_ROUNDS = 300
QUEUE_ROUNDS = 60
JOIN_S = 20.0


@dataclass
class Books:
    """What each thread saw, merged under a lock (a condition: closers wait on the deliveries)."""

    lock: threading.Condition = field(default_factory=threading.Condition)
    enqueued: list[int] = field(default_factory=list)  # enqueue returned
    rejected: list[int] = field(default_factory=list)  # a single-element enqueue failed
    partial: list[list[int]] = field(default_factory=list)  # an enqueue_many failed: some prefix got in
    delivered: list[int] = field(default_factory=list)
    delivered_in_order: list[list[int]] = field(default_factory=list)  # per dequeue call, in order
    bad_batches: list[str] = field(default_factory=list)
    unexpected: list[BaseException] = field(default_factory=list)

    producers_left: int = 0

    def add(self, name: str, values) -> None:
        with self.lock:
            getattr(self, name).extend(values)

    def deliver(self, keys: list[int]) -> None:
        with self.lock:
            self.delivered.extend(keys)
            self.delivered_in_order.append(keys)
            self.lock.notify_all()

    def producer_done(self) -> None:
        with self.lock:
            self.producers_left -= 1
            self.lock.notify_all()

    def wait_for_deliveries(self, count: int) -> None:
        """Until ``count`` elements were delivered, or every producer is done (so that closes race the
        enqueues and dequeues in mid-stream, not after them)."""
        with self.lock:
            self.lock.wait_for(lambda: len(self.delivered) >= count or self.producers_left <= 0, JOIN_S)


def check_books(books: Books, remaining: list[int], attempted: set[int], *, fifo_single_consumer: bool,
                producer_of: dict[int, int]) -> None:
    assert not books.unexpected, books.unexpected
    assert not books.bad_batches, books.bad_batches
    out = Counter(books.delivered) + Counter(remaining)
    doubled = [k for k, n in out.items() if n > 1]
    assert not doubled, f"delivered or left more than once: {doubled[:10]}"
    assert set(out) <= attempted, "elements nobody enqueued"
    lost = [k for k in books.enqueued if k not in out]
    assert not lost, f"enqueued but neither delivered nor left in the queue: {lost[:10]}"
    ghosts = [k for k in books.rejected if k in out]
    assert not ghosts, f"a failed enqueue still got in: {ghosts[:10]}"
    for batch in books.partial:
        got_in = [k in out for k in batch]
        assert got_in == sorted(got_in, reverse=True), f"enqueue_many got in a non-prefix: {batch} {got_in}"
    if fifo_single_consumer:
        order = [k for call in books.delivered_in_order for k in call] + remaining
        last: dict[int, int] = {}
        for k in order:
            p = producer_of[k]
            assert k > last.get(p, -1), f"producer {p}'s elements out of order"
            last[p] = k


def run_threads(threads: list[threading.Thread]) -> None:
    for t in threads:
        t.start()
    deadline = time.monotonic() + JOIN_S
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
    alive = [t.name for t in threads if t.is_alive()]
    assert not alive, f"threads still running after {JOIN_S} s: {alive}"


# --------------------------------------------------------------------------- the channel

@dataclass
class Plan:
    kind: str
    capacity: int
    min_after_dequeue: int
    producers: list[list[tuple[str, list[int]]]]  # per producer: ("put", [k]) / ("put_many", [k...])
    consumers: list[list[tuple[str, int]]]  # per consumer: (op, n), repeated until the end
    closes: list[tuple[int, bool]]  # (after how many deliveries, cancel)
    cancel_dequeues_at: int | None  # after how many deliveries


def channel_plan(rng: random.Random) -> Plan:
    kind = rng.choice(["fifo", "fifo", "random_shuffle", "priority"])
    capacity = rng.randint(1, 8)
    min_after_dequeue = rng.randint(0, capacity - 1) if kind == "random_shuffle" else 0
    keys = iter(range(10**9))
    producers = []
    for _ in range(rng.randint(1, 6)):
        ops = []
        for _ in range(rng.randint(10, 60)):
            if rng.random() < 0.3:
                ops.append(("put_many", [next(keys) for _ in range(rng.randint(0, 5))]))
            else:
                ops.append(("put", [next(keys)]))
        producers.append(ops)
    consumers = []
    for _ in range(rng.randint(1, 5)):
        ops = [(rng.choice(["get", "get_many", "get_up_to", "get_available", "get_timeout", "get_many_timeout"]), rng.randint(1, 4))
               for _ in range(rng.randint(1, 4))]
        consumers.append(ops)
    total = sum(len(ks) for ops in producers for _, ks in ops)
    closes = [(rng.randint(0, total), rng.random() < 0.5) for _ in range(rng.randint(1, 3))]
    cancel_dequeues_at = rng.randint(0, total) if rng.random() < 0.3 else None
    return Plan(kind, capacity, min_after_dequeue, producers, consumers, closes, cancel_dequeues_at)


def run_channel_round(seed: int) -> None:
    rng = random.Random(seed)
    plan = channel_plan(rng)
    ch = Channel(plan.capacity, plan.kind, min_after_dequeue=plan.min_after_dequeue, seed=seed)
    books = Books(producers_left=len(plan.producers))
    attempted = {k for ops in plan.producers for _, ks in ops for k in ks}
    producer_of = {k: p for p, ops in enumerate(plan.producers) for _, ks in ops for k in ks}

    def produce(ops):
        try:
            for i, (op, keys) in enumerate(ops):
                items = [(k,) for k in keys]
                try:
                    if op == "put":
                        ch.put(items[0])
                    else:
                        ch.put_many(items)
                    books.add("enqueued", keys)
                except (EnqueueClosedError, EnqueueCancelledError):
                    books.add("rejected" if op == "put" else "partial", keys if op == "put" else [keys])
                    for _, later in ops[i + 1:]:  # a closed channel takes nothing more
                        books.add("rejected", later)
                    return
        except BaseException as e:  # noqa: BLE001 - the test reports it
            books.add("unexpected", [e])
        finally:
            books.producer_done()

    def consume(ops):
        try:
            i = 0
            while True:
                op, n = ops[i % len(ops)]
                i += 1
                try:
                    if op == "get":
                        got = [ch.get()]
                    elif op == "get_many":
                        got = ch.get_many(n)
                        if len(got) != n:
                            books.add("bad_batches", [f"get_many({n}) gave {len(got)}"])
                    elif op == "get_up_to":
                        got = ch.get_many(n, allow_smaller=True)
                        if not 1 <= len(got) <= n:
                            books.add("bad_batches", [f"get_many({n}, allow_smaller) gave {len(got)}"])
                    elif op == "get_available":
                        got = ch.get_available(n, min_n=rng_min(n))
                        if not got:
                            return
                        if len(got) > n:
                            books.add("bad_batches", [f"get_available({n}) gave {len(got)}"])
                    elif op == "get_timeout":
                        try:
                            got = [ch.get(timeout=0.001)]
                        except TimeoutError:
                            continue
                    else:  # a timed-out dequeue_many is withdrawn and puts back what it collected
                        try:
                            got = ch.get_many(n, timeout=0.002)
                        except TimeoutError:
                            continue
                        if len(got) != n:
                            books.add("bad_batches", [f"get_many({n}, timeout) gave {len(got)}"])
                except ChannelClosedError:
                    return  # closed with too few left: what is left stays in the channel
                except DequeueCancelledError:
                    continue
                books.deliver([item[0] for item in got])
        except BaseException as e:  # noqa: BLE001
            books.add("unexpected", [e])

    def rng_min(n):
        return 1 + (n // 2)

    def close(after, cancel):
        try:
            books.wait_for_deliveries(after)
            ch.close(cancel_pending_enqueues=cancel)
        except BaseException as e:  # noqa: BLE001
            books.add("unexpected", [e])

    def cancel_dequeues(after):
        books.wait_for_deliveries(after)
        ch.cancel_waiting_dequeues()

    threads = [threading.Thread(target=produce, args=(ops,), name=f"producer-{i}") for i, ops in enumerate(plan.producers)]
    threads += [threading.Thread(target=consume, args=(ops,), name=f"consumer-{i}") for i, ops in enumerate(plan.consumers)]
    threads += [threading.Thread(target=close, args=c, name=f"close-{i}") for i, c in enumerate(plan.closes)]
    if plan.cancel_dequeues_at is not None:
        threads.append(threading.Thread(target=cancel_dequeues, args=(plan.cancel_dequeues_at,), name="cancel-dequeues"))
    try:
        run_threads(threads)
    finally:
        ch.close(cancel_pending_enqueues=True)  # release anything still waiting, whatever happened
        ch.cancel_waiting_dequeues()
    remaining = [item[0] for item in ch.get_available(10**9, timeout=1)] if ch.size() else []
    assert ch.size() == 0
    assert ch.high_water <= plan.capacity
    single = plan.kind == "fifo" and len(plan.consumers) == 1
    check_books(books, remaining, attempted, fifo_single_consumer=single, producer_of=producer_of)


@pytest.mark.timeout(60)
def test_channel_under_racing_enqueues_dequeues_and_closes_loses_and_doubles_nothing():
    for r in range(CHANNEL_ROUNDS):
        seed = SEED + r
        try:
            run_channel_round(seed)
        except AssertionError as e:
            raise AssertionError(f"round seed {seed}: {e}") from e


# --------------------------------------------------------------------------- the eager queues

def make_queue(rng: random.Random, tfdata_bridge):
    kind = rng.choice(["FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue"])
    capacity = rng.randint(1, 8)
    if kind == "RandomShuffleQueue":
        return kind, capacity, tfdata_bridge.RandomShuffleQueue(
            capacity, rng.randint(0, capacity - 1), ["int64"], shapes=[[]], seed=rng.randint(0, 99))
    if kind == "PriorityQueue":
        return kind, capacity, tfdata_bridge.PriorityQueue(capacity, ["int64"], shapes=[[]])
    cls = getattr(tfdata_bridge, kind)
    return kind, capacity, cls(capacity, ["int64"], shapes=[[]])


def run_queue_round(seed: int, tf, tfdata_bridge) -> None:
    rng = random.Random(seed)
    kind, capacity, q = make_queue(rng, tfdata_bridge)
    keys = iter(range(10**9))
    plans = [[("enqueue_many", [next(keys) for _ in range(rng.randint(1, 4))]) if rng.random() < 0.3
              else ("enqueue", [next(keys)]) for _ in range(rng.randint(5, 25))]
             for _ in range(rng.randint(1, 4))]
    consumer_ops = [[(rng.choice(["dequeue", "dequeue_many", "dequeue_up_to"]), rng.randint(1, 3))
                     for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 4))]
    attempted = {k for ops in plans for _, ks in ops for k in ks}
    closes = [(rng.randint(0, len(attempted)), rng.random() < 0.5) for _ in range(rng.randint(1, 2))]
    producer_of = {k: p for p, ops in enumerate(plans) for _, ks in ops for k in ks}
    books = Books(producers_left=len(plans))

    def value(ks, many):
        arr = np.array(ks, dtype=np.int64)
        if kind == "PriorityQueue":  # (priority, value): the key is both
            return (arr, arr) if many else (arr[0], arr[0])
        return arr if many else arr[0]

    def keys_of(result):
        t = result[0] if isinstance(result, (list, tuple)) else result
        return [int(x) for x in np.atleast_1d(t.numpy())]

    def produce(ops):
        try:
            for i, (op, ks) in enumerate(ops):
                try:
                    if op == "enqueue":
                        q.enqueue(value(ks, False))
                    else:
                        q.enqueue_many(value(ks, True))
                    books.add("enqueued", ks)
                except tf.errors.CancelledError:
                    books.add("rejected" if op == "enqueue" else "partial", ks if op == "enqueue" else [ks])
                    for _, later in ops[i + 1:]:
                        books.add("rejected", later)
                    return
        except BaseException as e:  # noqa: BLE001
            books.add("unexpected", [e])
        finally:
            books.producer_done()

    def consume(ops):
        try:
            i = 0
            while True:
                op, n = ops[i % len(ops)]
                i += 1
                try:
                    if op == "dequeue":
                        got = keys_of(q.dequeue())
                    elif op == "dequeue_many":
                        got = keys_of(q.dequeue_many(n))
                        if len(got) != n:
                            books.add("bad_batches", [f"dequeue_many({n}) gave {len(got)}"])
                    else:
                        got = keys_of(q.dequeue_up_to(n))
                        if not 1 <= len(got) <= n:
                            books.add("bad_batches", [f"dequeue_up_to({n}) gave {len(got)}"])
                except tf.errors.OutOfRangeError:
                    return  # closed with too few left: what is left stays in the queue
                books.deliver(got)
        except BaseException as e:  # noqa: BLE001
            books.add("unexpected", [e])

    def close(after, cancel):
        books.wait_for_deliveries(after)
        try:
            q.close(cancel_pending_enqueues=cancel)
        except tf.errors.CancelledError:
            pass  # documented: already closed, or a waiting close cancelled by a close with cancel
        except BaseException as e:  # noqa: BLE001
            books.add("unexpected", [e])

    threads = [threading.Thread(target=produce, args=(ops,), name=f"producer-{i}") for i, ops in enumerate(plans)]
    threads += [threading.Thread(target=consume, args=(ops,), name=f"consumer-{i}") for i, ops in enumerate(consumer_ops)]
    threads += [threading.Thread(target=close, args=c, name=f"close-{i}") for i, c in enumerate(closes)]
    try:
        run_threads(threads)
    finally:
        q._channel.close(cancel_pending_enqueues=True)  # noqa: SLF001 - release anything still waiting
        q._channel.cancel_waiting_dequeues()  # noqa: SLF001
    size = int(q.size())
    remaining = keys_of(q.dequeue_up_to(size)) if size else []
    assert q._channel.high_water <= capacity  # noqa: SLF001
    single = kind in ("FIFOQueue", "PaddingFIFOQueue") and len(consumer_ops) == 1
    check_books(books, remaining, attempted, fifo_single_consumer=single, producer_of=producer_of)


@pytest.mark.timeout(60)
def test_eager_queues_under_racing_threads_lose_and_double_nothing(tf):
    import tfdata_bridge

    for r in range(QUEUE_ROUNDS):
        seed = SEED + 1000 + r
        try:
            run_queue_round(seed, tf, tfdata_bridge)
        except AssertionError as e:
            raise AssertionError(f"round seed {seed}: {e}") from e
