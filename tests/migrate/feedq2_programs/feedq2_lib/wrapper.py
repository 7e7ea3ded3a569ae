import tensorflow as tf

from feedq2_lib.audio import AudioReader


class ClipBatches(object):
    def __init__(self, audio_dir, sess, batch_size):
        self.sess = sess
        self.reader = AudioReader(audio_dir, tf.compat.v1.train.Coordinator(), 2, sample_size=3)
        self.batch = self.reader.dequeue(batch_size)
        self.reader.start_threads(sess, 1)

    def next(self):
        return self.sess.run(self.batch)

    def done(self):
        for t in self.reader.threads:
            t.join()
