"""Classical poetry lines: characters to ids by a vocabulary file, a hand-built PaddingFIFOQueue with its own
QueueRunner, dequeue_many of three padded lines."""
import os

import tensorflow.compat.v1 as tf

POEMS = ["spring sleep", "dawn unaware", "birds sing", "night wind rain", "petals fall",
         "how many", "moon light", "frost on floor", "look up"]


def write_corpus(out):
    path = os.path.join(out, "poems.txt")
    with open(path, "w") as f:
        f.write("\n".join(POEMS) + "\n")
    vocab = sorted(set("".join(POEMS)))
    vocab_path = os.path.join(out, "vocab.txt")
    with open(vocab_path, "w") as f:
        f.write("\n".join(vocab) + "\n")
    return path, vocab


def main(data_dir):
    out = os.path.join(data_dir, "h36_poetry")
    os.makedirs(out, exist_ok=True)
    path, vocab = write_corpus(out)
    table = {c: i + 1 for i, c in enumerate(vocab)}
    keys = tf.constant(list(table.keys()))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    chars = tf.string_split([line], delimiter="").values
    ids = tf.cast(tf.argmax(tf.cast(tf.equal(tf.expand_dims(chars, 1), keys), tf.int32), axis=1), tf.int32) + 1
    length = tf.size(ids)
    queue = tf.PaddingFIFOQueue(capacity=20, dtypes=[tf.int32, tf.int32], shapes=[[None], []])
    enqueue_op = queue.enqueue([ids, length])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    ids_batch, len_batch = queue.dequeue_many(3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, n = sess.run([ids_batch, len_batch])
                batches.append([[row[:k].tolist() for row, k in zip(i, n)], n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d" % sum(len(b[1]) for b in batches)}
