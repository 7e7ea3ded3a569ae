import os
from glob import glob

import threading
import multiprocessing
import signal
import sys
import argparse
from datetime import datetime

import tensorflow as tf
import numpy as np

tf = tf.compat.v1


class BatchManager(object):
    def __init__(self, config):
        self.rng = np.random.RandomState(config.random_seed)
        self.root = config.data_path

        # read data generation arguments
        self.args = {}
        with open(os.path.join(self.root, 'args.txt'), 'r') as f:
            while True:
                line = f.readline()
                if not line:
                    break
                arg, arg_value = line[:-1].split(': ')
                self.args[arg] = arg_value

        self.paths = sorted(glob("{}/{}/*.npz".format(self.root, config.data_type)))
        self.num_samples = len(self.paths)
        assert(self.num_samples > 0)
        self.batch_size = config.batch_size
        self.epochs_per_step = self.batch_size / float(self.num_samples)  # per epoch

        self.data_type = config.data_type
        self.res_x = int(self.args['resolution_x'])
        self.res_y = int(self.args['resolution_y'])
        self.c_num = 2  # velocity x, y
        self.num_param = int(self.args['num_param'])
        self.x_range = [float(self.args['min_v']), float(self.args['max_v'])]

        feature_dim = [self.res_y, self.res_x, self.c_num]
        label_dim = [self.num_param]

        min_after_dequeue = 500
        capacity = min_after_dequeue + 3 * self.batch_size
        self.q = tf.FIFOQueue(capacity, [tf.float32, tf.float32], [feature_dim, label_dim])
        self.x = tf.placeholder(dtype=tf.float32, shape=feature_dim)
        self.y = tf.placeholder(dtype=tf.float32, shape=label_dim)
        self.enqueue = self.q.enqueue([self.x, self.y])
        self.num_threads = np.amin([config.num_worker, multiprocessing.cpu_count(), self.batch_size])

    def __del__(self):
        try:
            self.stop_thread()
        except Exception:
            pass

    def start_thread(self, sess):
        # Main thread: create a coordinator.
        self.sess = sess
        self.coord = tf.train.Coordinator()
        self.done = []
        self.lock = threading.Lock()

        # Create a method for loading and enqueuing
        def load_and_enqueue(sess, enqueue, coord, paths, rng,
                             x, y, data_type, x_range):
            for path in paths:
                if coord.should_stop():
                    break
                with np.load(path) as data:
                    v = data['x']
                    p = data['y']
                v = v / x_range[1]  # normalize to [-1, 1]
                try:
                    sess.run(enqueue, feed_dict={x: v, y: p})
                except (tf.errors.CancelledError, tf.errors.AbortedError):
                    break
            with self.lock:
                self.done.append(1)
                if len(self.done) == self.num_threads:
                    sess.run(self.q.close())

        # Create threads that enqueue
        self.threads = [threading.Thread(target=load_and_enqueue,
                                         args=(self.sess,
                                               self.enqueue,
                                               self.coord,
                                               self.paths[i::self.num_threads],
                                               self.rng,
                                               self.x,
                                               self.y,
                                               self.data_type,
                                               self.x_range)
                                         ) for i in range(self.num_threads)]

        # define signal handler
        def signal_handler(signum, frame):
            #print "stop training, save checkpoint..."
            #saver.save(sess, "./checkpoints/VDSR_norm_clip_epoch_%03d.ckpt" % epoch ,global_step=global_step)
            print('%s: canceled by SIGINT' % datetime.now(), file=sys.stderr)
            self.coord.request_stop()
            self.sess.run(self.q.close(cancel_pending_enqueues=True))
            self.coord.join(self.threads)
            sys.exit(1)
        # signal.signal(signal.SIGINT, signal_handler)  # only in the main script

        # Start the threads and wait for all of them to stop.
        for t in self.threads:
            t.daemon = True
            t.start()

    def stop_thread(self):
        # dirty way to bypass graph finilization error
        g = tf.get_default_graph()
        g._finalized = False

        self.coord.request_stop()
        self.sess.run(self.q.close(cancel_pending_enqueues=True))
        self.coord.join(self.threads)

    def batch(self):
        return self.q.dequeue_many(self.batch_size)


def write_fields(root):
    os.makedirs(os.path.join(root, 'v'), exist_ok=True)
    with open(os.path.join(root, 'args.txt'), 'w') as f:
        f.write('resolution_x: 3\nresolution_y: 3\nnum_param: 2\nmin_v: -2.0\nmax_v: 2.0\n')
    rng = np.random.RandomState(8)
    for i in range(12):
        rayleigh = 1000.0 * (i + 1)
        v = np.round(rng.uniform(-2, 2, size=(3, 3, 2)), 2).astype(np.float32)
        np.savez(os.path.join(root, 'v', '%d_%d.npz' % (i // 4, i % 4)), x=v,
                 y=np.array([i, rayleigh], dtype=np.float32))


def main(data_dir):
    parser = argparse.ArgumentParser()
    parser.add_argument('--data_path', type=str, default='data/smoke_pos21_size5_f200')
    parser.add_argument('--data_type', type=str, default='v')
    parser.add_argument('--batch_size', type=int, default=8)
    parser.add_argument('--num_worker', type=int, default=2)
    parser.add_argument('--random_seed', type=int, default=123)
    config, _ = parser.parse_known_args(['--data_path', os.path.join(data_dir, 'h58_convection'),
                                         '--batch_size', '4'])
    write_fields(config.data_path)

    batch_manager = BatchManager(config)
    x, y = batch_manager.batch()
    # vorticity-like summary of each field (dv/dx - du/dy on the centre cell)
    curl = (x[:, 1, 2, 1] - x[:, 1, 0, 1]) - (x[:, 2, 1, 0] - x[:, 0, 1, 0])

    out = []
    sess = tf.Session()
    batch_manager.start_thread(sess)
    step = 0
    while True:
        try:
            xv, yv, cv = sess.run([x, y, curl])
        except tf.errors.OutOfRangeError:
            break
        out.append([xv.tolist(), yv.tolist(), np.round(cv, 5).tolist()])
        step += 1
    batch_manager.stop_thread()
    sess.close()
    return {"batches": out, "end": "fields: %d, steps: %d" % (batch_manager.num_samples, step)}
