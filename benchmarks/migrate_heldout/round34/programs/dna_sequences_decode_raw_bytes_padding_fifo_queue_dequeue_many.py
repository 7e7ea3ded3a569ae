"""DNA reads of different lengths: bases decoded with decode_raw, mapped to ids, padded by a hand-built PaddingFIFOQueue."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BASES = b"ACGT"


def main(data_dir):
    root = os.path.join(data_dir, "h34_dna")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(4)
    with open(os.path.join(root, "reads.tsv"), "w") as f:
        for i in range(8):
            n = int(rng.randint(3, 8))
            seq = "".join("ACGT"[j] for j in rng.randint(0, 4, size=n))
            f.write("read%d\t%s\t%d\n" % (i, seq, i % 2))
    filename_queue = tf.train.string_input_producer([os.path.join(root, "reads.tsv")], num_epochs=1,
                                                    shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    name, seq, promoter = tf.decode_csv(line, [[""], [""], [0]], field_delim="\t")
    codes = tf.cast(tf.decode_raw(seq, tf.uint8), tf.int32)
    lookup = tf.constant([ord(c) for c in "ACGT"], tf.int32)
    ids = tf.argmax(tf.cast(tf.equal(codes[:, None], lookup[None, :]), tf.int32), axis=1, output_type=tf.int32) + 1
    length = tf.shape(ids)[0]
    queue = tf.PaddingFIFOQueue(capacity=16, dtypes=[tf.string, tf.int32, tf.int32, tf.int32],
                                shapes=[[], [None], [], []])
    enqueue_op = queue.enqueue([name, ids, length, promoter])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    names, id_batch, lengths, labels = queue.dequeue_many(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, i, l, p = sess.run([names, id_batch, lengths, labels])
                batches.append([[x.decode() for x in n], [row[:k] for row, k in zip(i.tolist(), l.tolist())],
                                l.tolist(), p.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "reads: %d" % sum(len(b[0]) for b in batches)}
