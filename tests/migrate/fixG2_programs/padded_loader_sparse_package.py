"""The padded loader (package, ``from ... import``): a sparse placeholder densified and a cast in the enqueue."""
import tensorflow.compat.v1 as tf

from g2lib.loaders import PaddedLoader, samples


def main(data_dir):
    loader = PaddedLoader(2, 3, samples(9, 2))
    frames, lengths, tags = loader.get()
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = loader.start_threads(sess, coord)
        for _ in range(3):
            f, n, t = sess.run([frames, lengths, tags])
            batches.append([f.round(3).tolist(), n.tolist(), t.tolist(), str(n.dtype)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "clips %d" % sum(len(b[1]) for b in batches)}
