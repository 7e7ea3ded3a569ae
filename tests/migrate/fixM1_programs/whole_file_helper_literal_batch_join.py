"""Whole files through a reader helper of this module, two turns (a literal), batch_join, the index naming ops."""
import os

from tensorflow.compat import v1 as tf


def read_one(file_queue, idx):
    reader = tf.WholeFileReader(name="whole_%d" % idx)
    path, body = reader.read(file_queue)
    return path, tf.strings.length(body)


def main(data_dir):
    folder = os.path.join(data_dir, "m1_helper")
    os.makedirs(folder, exist_ok=True)
    for i in range(6):
        with open(os.path.join(folder, "g%d.txt" % i), "w") as f:
            f.write("x" * (i + 1))
    files = sorted(os.path.join(folder, n) for n in os.listdir(folder))
    file_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    pairs = []
    for idx in range(2):
        path, size = read_one(file_queue, idx)
        pairs.append([path, size * 2])
    paths, sizes = tf.train.batch_join(pairs, batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, s = sess.run([paths, sizes])
                batches.append([[os.path.basename(x.decode()) for x in p], s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
