"""A replay buffer in the distributed guide's spelling but in one process: a ``FIFOQueue`` with
``shared_name="replay_buffer"`` filled by three threads of one enqueue op, read by ``dequeue_many`` in a plain
``Session`` until the buffer ends (a ``MonitoredTrainingSession()`` is a text test's: it is kept)."""
import os

import tensorflow as tf

tf1 = tf.compat.v1
SHARED = "replay_buffer"


def write_transitions(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "transitions.txt")
    with open(path, "w") as f:
        for k in range(20):
            f.write("%d,%.1f,%.2f\n" % (k, k * 1.5, (k % 5) / 4.0))
    return path


def main(data_dir):
    path = write_transitions(os.path.join(data_dir, "r26b_replay_shared_name_copies"))
    files = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf1.TextLineReader().read(files)
    step, obs, reward = tf1.decode_csv(line, [[0], [0.0], [0.0]])
    buffer = tf1.FIFOQueue(capacity=10, dtypes=[tf.int32, tf.float32, tf.float32], shapes=[[], [], []],
                           shared_name=SHARED, name="replay")
    enqueue_op = buffer.enqueue([step, obs, reward])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(buffer, [enqueue_op] * 3))
    steps, observations, rewards = buffer.dequeue_many(4)
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess, coord=coord)
        try:
            while not coord.should_stop():
                s, o, r = sess.run([steps, observations, rewards])
                batches.append([s.tolist(), [round(float(x), 3) for x in o], [round(float(x), 3) for x in r]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "drained"}
