"""Parallel text "source ||| target" lines read by two TextLineReaders on one producer; `batch_join(dynamic_pad=True)`
of the two readers' id sequences."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
READ_THREADS = 2
EOS_ID = 1


def prepare_corpus(data_dir):
    root = os.path.join(data_dir, "h30_translation")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(305)
    paths = []
    for shard in range(2):
        p = os.path.join(root, "train.ids.%d" % shard)
        with open(p, "w") as f:
            for _ in range(6):
                src = rng.randint(2, 30, rng.randint(1, 5))
                tgt = rng.randint(2, 30, rng.randint(1, 4))
                f.write("%s ||| %s\n" % (" ".join(map(str, src)), " ".join(map(str, tgt))))
        paths.append(p)
    return paths


def _to_ids(text):
    words = tf.string_split([tf.strings.strip(text)], " ").values
    return tf.string_to_number(words, out_type=tf.int32)


def read_pair(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    parts = tf.string_split([line], "|||", skip_empty=True).values
    source = _to_ids(parts[0])
    target = tf.concat([_to_ids(parts[1]), [EOS_ID]], 0)
    return [source, tf.size(source), target, tf.size(target)]


def input_pipeline(filenames, batch_size, read_threads, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    pair_list = [read_pair(filename_queue) for _ in range(read_threads)]
    return tf.train.batch_join(pair_list, batch_size=batch_size, capacity=4 * batch_size, dynamic_pad=True)


def main(data_dir):
    src, src_len, tgt, tgt_len = input_pipeline(prepare_corpus(data_dir), BATCH_SIZE, READ_THREADS)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, sl, t, tl = sess.run([src, src_len, tgt, tgt_len])
                # padding width depends on which rows meet, so each row is cut to its own length
                batches.append({"source": [r[:n].tolist() for r, n in zip(s, sl)],
                                "target": [r[:n].tolist() for r, n in zip(t, tl)]})
        except tf.errors.OutOfRangeError:
            end = "corpus read"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
