"""A runner started with two workers, each closing the queue when the shared rows run out: which data legacy
delivers races, so the class is left, with the reason."""
import tensorflow.compat.v1 as tf

from g2lib import racing


def main(data_dir):
    runner = racing.RaceRunner(racing.rows(8), 4)
    batch = runner.dequeue()
    with tf.Session() as sess:
        threads = runner.launch(sess, count=2)
        got = sess.run(batch)
        for t in threads:
            t.join()
    return {"batches": [[got.tolist()]], "end": "done"}
