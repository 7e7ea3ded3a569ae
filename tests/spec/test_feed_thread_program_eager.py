"""The feed-thread program in TensorFlow 2 (eager) code with the bridge's FIFOQueue: a Python thread reads
100-float features and int labels from files and enqueues them; the training loop dequeues batches.

Two bugs of the seed are fixed on the way: it read the label from the feature file (here a separate
label file), and tested ``if not feature_array`` (ambiguous for a 100-element array; here the size).
The seed never closed the queue; here the reader closes it at the end of its files, so the training
loop sees the end of data as ``tf.errors.OutOfRangeError`` (or the dataset ends)."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge

N, FEATURES, BATCH_SIZE, CAPACITY = 1000, 100, 32, 100  # capacity < N: the reader waits for the loop
WAIT_S = 20


@pytest.fixture
def files(tmp_path):
    rng = np.random.default_rng(0)
    features = rng.standard_normal((N, FEATURES)).astype(np.float32)
    labels = np.arange(N, dtype=np.int32) * 7
    features.tofile(tmp_path / "features.bin")
    labels.tofile(tmp_path / "labels.bin")
    return tmp_path / "features.bin", tmp_path / "labels.bin", features, labels


def start_reader(q, feature_path, label_path):
    """The seed's ``load_and_enqueue`` on a thread; returns the thread and what it raised, if anything."""
    errors = []

    def load_and_enqueue():
        try:
            with open(feature_path, "rb") as feature_file, open(label_path, "rb") as label_file:
                while True:
                    feature_array = np.fromfile(feature_file, np.float32, FEATURES)
                    if feature_array.size == 0:
                        break
                    label_value = np.fromfile(label_file, np.int32, 1)[0]
                    q.enqueue([feature_array, label_value])
            q.close()
        except Exception as e:  # noqa: BLE001 - the test reports it
            errors.append(e)

    thread = threading.Thread(target=load_and_enqueue, daemon=True)
    thread.start()
    return thread, errors


def stop(q, thread, errors):
    thread.join(WAIT_S)
    alive = thread.is_alive()
    q.close(cancel_pending_enqueues=True)  # releases the reader if the loop stopped early
    assert not alive, "the reader thread did not end"
    assert errors == []


def train_step(weights, feature_batch, label_batch):
    """A stand-in for the seed's ``train_op``: one gradient step of a linear model."""
    with tf.GradientTape() as tape:
        prediction = tf.linalg.matvec(feature_batch, weights)
        loss = tf.reduce_mean((prediction - tf.cast(label_batch, tf.float32)) ** 2)
    weights.assign_sub(1e-4 * tape.gradient(loss, weights))
    return loss


def test_a_reader_thread_feeds_the_training_loop_through_dequeue_many(files):
    feature_path, label_path, features, labels = files
    q = tfdata_bridge.FIFOQueue(CAPACITY, [tf.float32, tf.int32], shapes=[[FEATURES], []])
    weights = tf.Variable(tf.zeros([FEATURES]))
    thread, errors = start_reader(q, feature_path, label_path)
    got_features, got_labels, losses = [], [], []
    try:
        while True:
            try:
                feature_batch, label_batch = q.dequeue_many(BATCH_SIZE)
            except tf.errors.OutOfRangeError:
                break
            assert feature_batch.shape == (BATCH_SIZE, FEATURES) and label_batch.dtype == tf.int32
            losses.append(float(train_step(weights, feature_batch, label_batch)))
            got_features.append(feature_batch.numpy())
            got_labels.append(label_batch.numpy())
        tail = N % BATCH_SIZE
        assert q.size().numpy() == tail  # dequeue_many leaves the last partial batch in the queue
        tail_features, tail_labels = q.dequeue_up_to(BATCH_SIZE)
    finally:
        stop(q, thread, errors)
    assert len(got_labels) == N // BATCH_SIZE
    np.testing.assert_array_equal(np.concatenate(got_features + [tail_features.numpy()]), features)
    np.testing.assert_array_equal(np.concatenate(got_labels + [tail_labels.numpy()]), labels)
    assert all(np.isfinite(losses))


@pytest.mark.parametrize("allow_smaller", [False, True], ids=["drop_tail", "keep_tail"])
def test_the_same_loop_reads_the_queue_as_a_dataset(files, allow_smaller):
    feature_path, label_path, features, labels = files
    q = tfdata_bridge.FIFOQueue(CAPACITY, [tf.float32, tf.int32], shapes=[[FEATURES], []])
    weights = tf.Variable(tf.zeros([FEATURES]))
    thread, errors = start_reader(q, feature_path, label_path)
    dataset = q.as_dataset(batch_size=BATCH_SIZE, allow_smaller_final_batch=allow_smaller)
    got_features, got_labels = [], []
    try:
        for feature_batch, label_batch in dataset:
            train_step(weights, feature_batch, label_batch)
            got_features.append(feature_batch.numpy())
            got_labels.append(label_batch.numpy())
    finally:
        stop(q, thread, errors)
    kept = N if allow_smaller else N - N % BATCH_SIZE
    assert len(got_labels) == -(-kept // BATCH_SIZE)
    np.testing.assert_array_equal(np.concatenate(got_features), features[:kept])
    np.testing.assert_array_equal(np.concatenate(got_labels), labels[:kept])
