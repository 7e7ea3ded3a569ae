"""read batch of clips
Several threads read clips from videos
Parts:
    * read_thread: fetch clips and enqueue
    * build_start_nodes: create placeholders
    * threads_ready: launch threads if necessary
types:
    * video: [depth, height, width, in_channels]
"""
import os
import threading
import numpy as np
import tensorflow.compat.v1 as tf

# import local file
from tramp57_lib.config.config_agent import FLAGS

# global variables
RAW_INPUT_UINT8 = None
LABEL_INPUT = None
_LOCK = threading.Lock()
_ALIVE = [0]


def read_wrapper(func):
    def inner(raw_input_uint8, label_input,
              sess, enqueue_op, close_op, coord, thread_id):
        # read a list from file
        lst_path = FLAGS['lst_path']
        with open(lst_path, 'r') as f:
            lines = [l.strip() for l in f if l.strip()]
        try:
            for line in lines[thread_id::FLAGS['num_threads']]:
                if coord.should_stop():
                    break
                name, label = line.split(' ')
                clip = func(os.path.join(FLAGS['frames_dir'], name))
                sess.run(enqueue_op, feed_dict={raw_input_uint8: clip,
                                                label_input: int(label)})
        finally:
            with _LOCK:
                _ALIVE[0] -= 1
                if _ALIVE[0] == 0:
                    sess.run(close_op)
    return inner


@read_wrapper
def read_thread(clip_path):
    # frames of one clip stored as one .npy: [depth, height, width]
    frames = np.load(clip_path)
    return frames[:FLAGS['clip_depth']].reshape(
        FLAGS['clip_depth'], FLAGS['height'], FLAGS['width'], FLAGS['channels'])


def build_start_nodes():
    global RAW_INPUT_UINT8, LABEL_INPUT
    shape = [FLAGS['clip_depth'], FLAGS['height'], FLAGS['width'], FLAGS['channels']]
    RAW_INPUT_UINT8 = tf.placeholder(tf.uint8, shape, name='raw_input_uint8')
    LABEL_INPUT = tf.placeholder(tf.int32, [], name='label_input')
    queue = tf.FIFOQueue(FLAGS['capacity'], [tf.uint8, tf.int32], shapes=[shape, []], name='clip_queue')
    enqueue_op = queue.enqueue([RAW_INPUT_UINT8, LABEL_INPUT])
    close_op = queue.close()
    clips, labels = queue.dequeue_many(FLAGS['batch_size'])
    return clips, labels, enqueue_op, close_op


def threads_ready(sess, coord, enqueue_op, close_op):
    threads = []
    _ALIVE[0] = FLAGS['num_threads']
    for i in range(FLAGS['num_threads']):
        t = threading.Thread(target=read_thread,
                             args=(RAW_INPUT_UINT8, LABEL_INPUT, sess, enqueue_op, close_op, coord, i))
        t.daemon = True
        t.start()
        threads.append(t)
    return threads
