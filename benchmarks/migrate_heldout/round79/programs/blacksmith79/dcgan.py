# TODO: it takes while to initialize the input queue; tune capacity, etc.
# See tf-models cifar10 and implement a proper input queue
# without loading the entire file, as it causes log files to be too large.

import os
import time
import json
import threading

import numpy as np
import tensorflow.compat.v1 as tf

LOG_DIR = 'logs'
CHECKPOINT_DIR = 'checkpoints'
CFG_DIR = 'configs'


class DCGAN:
    def __init__(
        self,
        config=None,
        training=None,
        minibatch_size=None,
        work_dir='.',
    ):
        for sub in (LOG_DIR, CHECKPOINT_DIR, CFG_DIR):
            if not os.path.exists(os.path.join(work_dir, sub)):
                os.makedirs(os.path.join(work_dir, sub))

        self._config = config
        if minibatch_size is not None:
            self._config['minibatch_size'] = minibatch_size
        self._data = None
        self._work_dir = work_dir

        if training is None:
            raise ValueError('Set training either to be True or False.')
        else:
            self._training = training

        self._load_data()

        self._tf_session = None
        self._tf_coordinator = tf.train.Coordinator()

        self._tf_config = tf.ConfigProto()
        self._tf_config.gpu_options.allow_growth = True

        self._tf_graph = tf.Graph()
        with self._tf_graph.as_default():
            if self._training:
                with tf.variable_scope('input_queue'):
                    self._build_input_queue()
                with tf.variable_scope('discriminator'):
                    self._build_discriminator_network(
                        inputs='real',
                    )

            self._tf_session = tf.Session(config=self._tf_config)
            self._tf_session.run(tf.global_variables_initializer())

    def _load_data(self):
        # forge-scale patches saved by the scanner as one .npy array
        self._data = np.load(os.path.join(self._work_dir, 'scale_patches.npy'))

    def _build_input_queue(self):
        input_size = self._config['input_data']['size']
        in_chs = self._config['input_data']['num_chs']
        minibatch_size = self._config['minibatch_size']

        queue_inputs = tf.placeholder(
            dtype=tf.float32,
            shape=(None, input_size, input_size, in_chs),
            name='inputs',
        )

#        queue_capacity = 1000
        queue_capacity = 2 * minibatch_size

        queue = tf.FIFOQueue(
            capacity=queue_capacity,
            dtypes=[tf.float32],
            shapes=[(input_size, input_size, in_chs)],
            name='real_image_queue',
        )

        close_op = queue.close(
            cancel_pending_enqueues=True,
            name='close_op',
        )

        enqueue_op = queue.enqueue_many(
            queue_inputs,
            name='enqueue_op',
        )

        dequeued_tensors = queue.dequeue_many(
            minibatch_size,
            name='dequeued_tensors',
        )

        size_op = queue.size(
            name='size',
        )

    def _enqueue_thread(self):
        minibatch_size = self._config['minibatch_size']

        num_data = len(self._data)
        i = 0
#        num_elements = 100
        num_elements = minibatch_size

        enqueue_op = self._tf_graph.get_operation_by_name(
            'input_queue/enqueue_op'
        )
        queue_inputs = self._tf_graph.get_tensor_by_name(
            'input_queue/inputs:0'
        )

        np.random.shuffle(self._data)

        while not self._tf_coordinator.should_stop():
            if (i + num_elements) <= num_data:
                data_to_enqueue = self._data[i:(i + num_elements)]
                i += num_elements
            else:
                data_to_enqueue = self._data[i:]
                i = num_elements - (num_data - i)
                data_to_enqueue = np.concatenate(
                    (data_to_enqueue, self._data[:i]),
                )
                np.random.shuffle(self._data)
            try:
                self._tf_session.run(
                    enqueue_op,
                    feed_dict={queue_inputs: data_to_enqueue}
                )
            except tf.errors.CancelledError:
#                print('Input queue closed.')
                pass

    def _build_discriminator_network(self, inputs=None):
        if inputs == 'real':
            new_layer = tf.identity(
                self._tf_graph.get_tensor_by_name(
                    'input_queue/dequeued_tensors:0'
                ),
                name='inputs_real',
            )
            checksum = tf.reduce_mean(
                new_layer,
                axis=[1, 2, 3],
                name='inputs_real_checksum',
            )
        else:
            raise NotImplementedError

    def train(self, max_steps):
        enqueue_thread = threading.Thread(target=self._enqueue_thread)
        enqueue_thread.daemon = True
        enqueue_thread.start()

        inputs_real = self._tf_graph.get_tensor_by_name('discriminator/inputs_real:0')
        checksum = self._tf_graph.get_tensor_by_name('discriminator/inputs_real_checksum:0')
        size_op = self._tf_graph.get_tensor_by_name('input_queue/size:0')
        fetched = []
        for step in range(max_steps):
            start_time = time.time()
            images, sums, _ = self._tf_session.run([inputs_real, checksum, size_op])
            fetched.append((images, sums))
            duration = time.time() - start_time
            print('step {}: {:.3f} sec'.format(step, duration))

        self._tf_coordinator.request_stop()
        self._tf_session.run(
            self._tf_graph.get_operation_by_name('input_queue/close_op')
        )
        self._tf_coordinator.join([enqueue_thread])
        self._tf_session.close()
        return fetched
