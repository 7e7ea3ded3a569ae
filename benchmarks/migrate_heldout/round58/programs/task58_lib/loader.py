import tensorflow.compat.v1 as tf
import numpy as np


class Loader:

    def __init__(self, opt, task, ds, train_flag):
        self.opt = opt
        self.ds = ds
        self.num_threads = opt.num_data_threads

        # Index queue
        self.input_idxs = tf.placeholder(tf.int64, shape=[None, 2])
        idx_queue = tf.FIFOQueue(int(1e8), tf.int64)
        self.enq_idxs = idx_queue.enqueue_many(self.input_idxs)
        self.close_idxs = idx_queue.close()
        get_idx = idx_queue.dequeue()

        # Image loading queue
        img_queue = tf.FIFOQueue(opt.max_queue_size, task.proc_arg_dtype)
        load_data = tf.py_func(task.load_sample_data, [get_idx], task.proc_arg_dtype)
        enq_img = img_queue.enqueue(load_data)
        init_sample = img_queue.dequeue()

        # Preprocessing queue
        # (for any preprocessing that can be done with TensorFlow)
        for i, shape in enumerate(task.proc_arg_shapes):
            init_sample[i].set_shape(shape)
        proc_data = task.preprocess(init_sample, train_flag)
        self.get_sample = tf.train.batch(proc_data, batch_size=opt.batchsize, num_threads=1,
                                         capacity=opt.max_queue_size)

        # Queue runner for the loading queue
        qr = tf.train.QueueRunner(img_queue, [enq_img] * self.num_threads)
        tf.train.add_queue_runner(qr)

    def start_epoch(self, sess, idxs):
        sess.run(self.enq_idxs, feed_dict={self.input_idxs: idxs})
        sess.run(self.close_idxs)
