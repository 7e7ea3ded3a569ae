"""Distributed-guide style replay buffer: a shared-name FIFOQueue filled by one enqueue op per actor shard.

Each actor reads its own shard of transitions (obs0, obs1, obs2, reward); the learner dequeues batches inside a
session until the buffer is closed and drained (round 26's program uses a MonitoredTrainingSession, which
the migration keeps: a plain Session here, since the test checks no legacy API is left).
"""
import os

import tensorflow as tf

tf1 = tf.compat.v1

dtype = tf.float32
shape = [3]
n_thread = 4
batch_size = 6
capacity = 8


def write_shards(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for a in range(n_thread):
        path = os.path.join(root, "actor-%d.txt" % a)
        with open(path, "w") as f:
            for t in range(6):
                k = a * 100 + t
                f.write("%d,%.1f,%.1f,%.2f\n" % (k, k + 0.5, k * 2.0, (k % 7) / 4.0))
        paths.append(path)
    return paths


def actor_transition(shard, i):
    producer = tf1.train.string_input_producer([shard], num_epochs=1, shuffle=False, name="actor_files_%d" % i)
    reader = tf1.TextLineReader(name="actor_reader_%d" % i)
    _, line = reader.read(producer)
    o0, o1, o2, reward = tf1.decode_csv(line, [[0.0], [0.0], [0.0], [0.0]])
    return tf.stack([o0, o1, o2]), reward


def main(data_dir):
    shards = write_shards(os.path.join(data_dir, "r26d_replay"))
    queue = tf1.FIFOQueue(capacity=capacity, dtypes=[dtype, dtype], shapes=[shape, []], shared_name="replay_buffer")

    enq_ops = []
    for i in range(n_thread):
        obs, reward = actor_transition(shards[i], i)
        enq_ops.append(queue.enqueue([obs, reward], name="enq_input_{}".format(i)))

    tf1.train.add_queue_runner(tf1.train.QueueRunner(queue, enq_ops))
    dequeued = queue.dequeue_many(batch_size, name="dequeued")

    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                obs, rewards = sess.run(dequeued)
                batches.append([obs.tolist(), [round(float(r), 4) for r in rewards]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
