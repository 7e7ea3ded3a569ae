from __future__ import print_function
import tensorflow.compat.v1 as tf
from .data_loader import read_and_decode, de_emph


class Model(object):

    def __init__(self, name='BaseModel'):
        self.name = name


class SEGAN(Model):
    """ Speech Enhancement Generative Adversarial Network """
    def __init__(self, sess, args, devices, infer=False, name='SEGAN'):
        super(SEGAN, self).__init__(name)
        self.args = args
        self.sess = sess
        self.keep_prob = 1.
        self.batch_size = args.batch_size
        self.epoch = args.epoch
        self.devices = devices
        self.canvas_size = args.canvas_size
        self.preemph = args.preemph
        self.e2e_dataset = args.e2e_dataset
        self.build_model(args)

    def build_model(self, config):
        for idx, device in enumerate(self.devices):
            with tf.device("/%s" % device):
                with tf.name_scope("device_%s" % idx):
                    self.build_model_single_gpu(idx)

    def build_model_single_gpu(self, gpu_idx):
        if gpu_idx == 0:
            # create the nodes to load for input pipeline
            filename_queue = tf.train.string_input_producer([self.e2e_dataset],
                                                            num_epochs=self.epoch)
            self.get_wav, self.get_noisy = read_and_decode(filename_queue,
                                                           self.canvas_size,
                                                           self.preemph)
        # load the data to input pipeline
        wavbatch, \
        noisybatch = tf.train.shuffle_batch([self.get_wav,
                                             self.get_noisy],
                                             batch_size=self.batch_size,
                                             num_threads=2,
                                             capacity=1000 + 3 * self.batch_size,
                                             min_after_dequeue=8,
                                             seed=69,
                                             name='wav_and_noisy')
        self.gtruth_wavs = wavbatch
        self.gtruth_noisy = noisybatch
