"""The channel on its own: ordering, blocking, close/cancel and failure, without TensorFlow."""

import random
import threading
import time

import pytest

from tfdata_bridge._src.runtime.channel import (
    Channel,
    ChannelClosedError,
    EnqueueCancelledError,
    EnqueueClosedError,
)

WAIT = 5.0


def start(fn, *args):
    result = {}

    def run():
        try:
            result["value"] = fn(*args)
        except BaseException as exc:  # noqa: BLE001
            result["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, result


def wait_blocked(thread, seconds=0.1):
    thread.join(seconds)
    assert thread.is_alive(), "expected the call to block"


def finish(thread):
    thread.join(WAIT)
    assert not thread.is_alive(), "call did not return"


def test_fifo_order_and_size():
    ch = Channel(4)
    for i in range(3):
        ch.put((i,))
    assert ch.size() == 3
    assert ch.get_many(2) == [(0,), (1,)]
    assert ch.get() == (2,)


def test_put_blocks_when_full_until_a_get():
    ch = Channel(1)
    ch.put((0,))
    thread, result = start(ch.put, (1,))
    wait_blocked(thread)
    assert ch.get() == (0,)
    finish(thread)
    assert ch.get() == (1,)


def test_get_many_takes_incrementally_and_restores_at_close():
    ch = Channel(10)
    thread, result = start(ch.get_many, 5)
    ch.put_many([(1,), (2,)])
    wait_blocked(thread)
    assert ch.size() == 0  # the waiting dequeue holds them, as TensorFlow's does
    ch.close()
    finish(thread)
    assert isinstance(result["error"], ChannelClosedError)
    # as TensorFlow's kernel: what the attempt still wanted and the size it saw, before putting back
    assert str(result["error"]) == "closed and has insufficient elements (requested 3, current size 0)"
    assert ch.get_many(5, allow_smaller=True) == [(1,), (2,)]


def test_a_timed_out_get_many_puts_back_above_capacity_but_high_water_counts_enqueues_only():
    ch = Channel(2)
    thread, result = start(lambda: ch.get_many(5, timeout=1.0))
    ch.put_many([(1,), (2,)])
    ch.put_many([(3,), (4,)])  # room again: the waiting dequeue took the first two
    finish(thread)
    assert isinstance(result["error"], TimeoutError)
    assert ch.size() == 4  # what it had taken goes back in front, as TensorFlow restores at close
    with pytest.raises(TimeoutError):
        ch.put((6,), timeout=0.05)  # over capacity: enqueues wait until a dequeue makes room
    assert ch.high_water == 2  # no enqueue ever filled it past capacity
    assert ch.get_many(4) == [(1,), (2,), (3,), (4,)]


def test_dequeue_up_to_returns_the_tail_then_raises():
    ch = Channel(10)
    ch.put_many([(1,), (2,), (3,)])
    ch.close()
    assert ch.get_many(2, allow_smaller=True) == [(1,), (2,)]
    assert ch.get_many(2, allow_smaller=True) == [(3,)]
    with pytest.raises(ChannelClosedError):
        ch.get_many(2, allow_smaller=True)


def test_close_without_cancel_waits_for_pending_enqueues():
    ch = Channel(1)
    ch.put((0,))
    pending, pres = start(ch.put, (1,))
    wait_blocked(pending)
    closer, cres = start(ch.close)
    wait_blocked(closer)  # ordered behind the blocked enqueue
    with pytest.raises(EnqueueClosedError):
        # a later enqueue queues behind the close and fails once it runs
        late, lres = start(ch.put, (2,))
        assert ch.get() == (0,)
        finish(pending)
        finish(closer)
        finish(late)
        raise lres["error"]
    assert "error" not in pres
    assert ch.get() == (1,)
    with pytest.raises(ChannelClosedError):
        ch.get()


def test_close_with_cancel_fails_pending_enqueues():
    ch = Channel(1)
    ch.put((0,))
    pending, result = start(ch.put, (1,))
    wait_blocked(pending)
    ch.close(cancel_pending_enqueues=True)
    finish(pending)
    assert isinstance(result["error"], EnqueueCancelledError)
    assert ch.get() == (0,)


def test_a_partial_get_many_makes_room_for_a_waiting_put_many():
    ch = Channel(2)
    producer, _ = start(ch.put_many, [(i,) for i in range(5)])
    wait_blocked(producer)  # 0 and 1 are in; 2..4 wait for room
    assert ch.get_many(4) == [(0,), (1,), (2,), (3,)]  # takes 0, 1, which lets 2, 3 in, and so on
    finish(producer)
    assert ch.get() == (4,)


def test_close_checked_reports_an_already_closed_channel_and_a_cancelled_close():
    ch = Channel(1)
    ch.put((0,))
    blocked, _ = start(ch.put, (1,))
    wait_blocked(blocked)
    closing, result = start(ch.close_checked)
    wait_blocked(closing)
    assert ch.close_checked(cancel_pending_enqueues=True) is True
    finish(closing)
    assert isinstance(result["error"], EnqueueCancelledError)
    assert ch.close_checked() is False and ch.close_checked(cancel_pending_enqueues=True) is False
    ch.close()  # close() itself stays quiet


def test_enqueue_after_close_fails():
    ch = Channel(2)
    ch.close()
    with pytest.raises(EnqueueClosedError, match="is closed"):
        ch.put((1,))


def test_shuffle_buffer_keeps_min_after_dequeue_until_closed():
    ch = Channel(10, "random_shuffle", min_after_dequeue=3, seed=1)
    ch.put_many([(i,) for i in range(3)])
    thread, result = start(ch.get)
    wait_blocked(thread)
    ch.put((3,))
    finish(thread)
    ch.close()
    rest = ch.get_many(3)
    assert sorted([result["value"]] + rest) == [(0,), (1,), (2,), (3,)]


def test_priority_buffer_orders_by_first_component():
    ch = Channel(10, "priority")
    ch.put_many([(5, "e"), (1, "a"), (3, "c")])
    assert [e[1] for e in ch.get_many(3)] == ["a", "c", "e"]


def test_failure_is_raised_after_buffered_elements():
    ch = Channel(10)
    ch.put_many([(1,), (2,)])
    ch.fail(KeyError("boom"))
    assert ch.get_available(10) == [(1,), (2,)]
    with pytest.raises(KeyError, match="boom"):
        ch.get_available(10)


def test_get_available_waits_for_one_and_ends_empty_at_close():
    ch = Channel(10)
    thread, result = start(ch.get_available, 8)
    wait_blocked(thread)
    ch.put((1,))
    finish(thread)
    assert result["value"] == [(1,)]
    ch.close()
    assert ch.get_available(8) == []


def test_timeout_withdraws_a_waiting_dequeue_without_losing_elements():
    ch = Channel(10)
    ch.put((1,))
    with pytest.raises(TimeoutError):
        ch.get_many(3, timeout=0.05)
    assert ch.size() == 1
    assert ch.get() == (1,)


@pytest.mark.parametrize("seed", range(5))
def test_stress_many_threads_lose_and_double_nothing(seed):
    rng = random.Random(seed)
    ch = Channel(rng.randint(1, 16), rng.choice(["fifo", "random_shuffle"]), seed=seed)
    producers, per_producer = rng.randint(1, 6), 300
    received, lock = [], threading.Lock()

    def produce(p):
        for i in range(per_producer):
            if rng.random() < 0.2:
                ch.put_many([(p, i)])
            else:
                ch.put((p, i))

    def consume():
        while True:
            batch = ch.get_available(rng.randint(1, 8))
            if not batch:
                return
            with lock:
                received.extend(batch)

    prods = [threading.Thread(target=produce, args=(p,), daemon=True) for p in range(producers)]
    cons = [threading.Thread(target=consume, daemon=True) for _ in range(rng.randint(1, 4))]
    for t in prods + cons:
        t.start()
    deadline = time.monotonic() + 20
    for t in prods:
        t.join(max(0.0, deadline - time.monotonic()))
        assert not t.is_alive()
    ch.close()
    for t in cons:
        t.join(max(0.0, deadline - time.monotonic()))
        assert not t.is_alive()
    assert sorted(received) == sorted((p, i) for p in range(producers) for i in range(per_producer))
    assert ch.high_water <= ch.capacity
