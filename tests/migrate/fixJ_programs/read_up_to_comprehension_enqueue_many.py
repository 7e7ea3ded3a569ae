import os

import tensorflow as tf

tf = tf.compat.v1


def write_runs(base):
    os.makedirs(base, exist_ok=True)
    names = []
    for run in range(4):
        name = os.path.join(base, "run%d.txt" % run)
        with open(name, "w") as f:
            for ev in range(6):
                f.write("%d,%.2f\n" % (run * 100 + ev, 0.5 * ev - run))
        names.append(name)
    return names


def makeReader(queue):
    reader = tf.TextLineReader()
    _, lines = reader.read_up_to(queue, 4)
    evt, x = tf.decode_csv(lines, record_defaults=[[0], [0.]])
    return [tf.stack([x, 2 * x], axis=1), evt]


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "fixj_a"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    dequeue_op = queue.dequeue()
    ops = [makeReader(queue) for _ in range(2)]
    batch = tf.train.batch_join(ops, batch_size=4, capacity=20, enqueue_many=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, evt = sess.run(batch)
                out.append([xs.tolist(), evt.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}
