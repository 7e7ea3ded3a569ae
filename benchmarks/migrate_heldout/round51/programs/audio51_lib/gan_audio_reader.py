import tensorflow as tf
from audio51_lib.audio_reader import AudioReader

tf1 = tf.compat.v1


class GanAudioReader(object):

  def __init__(self, args, sess, receptive_field):
    self.args = args
    self.sess = sess
    self.coord = tf1.train.Coordinator()

    self.audio_reader = AudioReader(
        self.args.audio_dir,
        self.coord,
        self.args.sample_rate,
        self.args.gc_enabled,
        receptive_field,
        sample_size=self.args.sample_size,
        silence_threshold=self.args.silence_threshold)

    self.audio_batch = self.audio_reader.dequeue(self.args.batch_size)
    self.gc_batch = self.audio_reader.dequeue_gc(self.args.batch_size)

    self.threads = tf1.train.start_queue_runners(sess=sess, coord=self.coord)
    self.audio_reader.start_threads(sess, 1)

  def get_batch(self):
    return self.sess.run([self.audio_batch, self.gc_batch])

  def done(self):
    self.coord.request_stop()
    self.coord.join(self.threads)
    for t in self.audio_reader.threads:
      t.join()
