from __future__ import print_function

import tensorflow.compat.v1 as tf

from segan_lib.data_loader import read_and_decode


class Model(object):

    def __init__(self, name='BaseModel'):
        self.name = name

    def save(self, save_path, step):
        raise NotImplementedError('no checkpoints in this example')


class SEGAN(Model):
    """ Speech Enhancement Generative Adversarial Network """
    def __init__(self, sess, args, devices, infer=False, name='SEGAN'):
        super(SEGAN, self).__init__(name)
        self.args = args
        self.sess = sess
        self.keep_prob = 1.
        if infer:
            self.keep_prob_var = tf.Variable(self.keep_prob, trainable=False)
        else:
            self.keep_prob = 0.5
            self.keep_prob_var = tf.Variable(self.keep_prob, trainable=False)
        self.batch_size = args.batch_size
        self.epoch = args.epoch
        self.devices = devices
        self.save_path = args.save_path
        # canvas size
        self.canvas_size = args.canvas_size
        self.preemph = args.preemph
        # data path
        self.e2e_dataset = args.e2e_dataset
        self.build_model(args)

    def build_model(self, config):
        all_d_grads = []
        with tf.variable_scope(tf.get_variable_scope()):
            for idx, device in enumerate(self.devices):
                with tf.device("/%s" % device):
                    with tf.name_scope("device_%s" % idx):
                        self.build_model_single_gpu(idx)
        return all_d_grads

    def build_model_single_gpu(self, gpu_idx):
        if gpu_idx == 0:
            # create the nodes to load for input pipeline
            filename_queue = tf.train.string_input_producer([self.e2e_dataset], num_epochs=self.epoch)
            self.get_wav, self.get_noisy = read_and_decode(filename_queue,
                                                           self.canvas_size,
                                                           self.preemph)
        # load the data to input pipeline
        wavbatch, noisybatch = tf.train.shuffle_batch([self.get_wav,
                                                       self.get_noisy],
                                                      batch_size=self.batch_size,
                                                      num_threads=2,
                                                      capacity=1000 + 3 * self.batch_size,
                                                      min_after_dequeue=1000,
                                                      name='wav_and_noisy')
        if gpu_idx == 0:
            self.Gs = []
            self.zs = []
            self.gtruth_wavs = []
            self.gtruth_noisy = []

        self.gtruth_wavs.append(wavbatch)
        self.gtruth_noisy.append(noisybatch)
        # A one-tap "generator": the enhanced signal as a scaled copy of the noisy one.
        g_gain = tf.get_variable('g_gain', [], initializer=tf.constant_initializer(0.9))
        G = noisybatch * g_gain
        self.Gs.append(G)
        self.g_l1_loss = tf.reduce_mean(tf.abs(tf.subtract(G, wavbatch)))
        self.g_opt = tf.train.RMSPropOptimizer(0.0002).minimize(self.g_l1_loss)

    def train(self, config, devices):
        """ Train the SEGAN """
        print('Initializing optimizers...')
        init = tf.global_variables_initializer()
        self.sess.run([init, tf.local_variables_initializer()])

        num_examples = 0
        for record in tf.python_io.tf_record_iterator(self.e2e_dataset):
            num_examples += 1
        print('total examples in TFRecords {}: {}'.format(self.e2e_dataset, num_examples))
        # last samples (those not filling a complete batch) are discarded
        num_batches = num_examples / self.batch_size

        print('Batches per epoch: ', num_batches)

        batch_idx = 0
        curr_epoch = 0
        counter = 0
        seen = []
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                _g_opt, g_l1_loss, wavs, noisys, gen = self.sess.run(
                    [self.g_opt, self.g_l1_loss, self.gtruth_wavs[0], self.gtruth_noisy[0], self.Gs[0]])
                seen.append([wavs.tolist(), noisys.tolist()])
                batch_idx += 1
                counter += 1
                if batch_idx >= num_batches:
                    curr_epoch += 1
                    # re-set batch idx
                    batch_idx = 0
                    if curr_epoch >= self.epoch:
                        # done training
                        print('Done training; epoch limit {} reached.'.format(self.epoch))
                        break
        except tf.errors.OutOfRangeError:
            print('Done training; epoch limit {} reached.'.format(self.epoch))
        finally:
            coord.request_stop()
        coord.join(threads)
        return seen, counter
