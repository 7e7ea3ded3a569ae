"""Speech feature reader in the shape of the audio readers of TF1 speech repositories: an object owns a
placeholder, a FIFOQueue and its enqueue op; a background thread it starts loads MFCC frames from feature files
and feeds them in; the trainer dequeues batches until the reader closes the queue."""

import os
import threading

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def write_feature_files(data_dir, num_utterances=24, num_coeffs=13):
    folder = os.path.join(data_dir, "h12_speech_feature_feeder")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    paths = []
    for u in range(num_utterances):
        path = os.path.join(folder, "spk%02d_utt%03d.mfcc.txt" % (u % 3, u))
        with open(path, "w") as f:
            for t in range(18 + (u * 5) % 13):
                f.write(" ".join("%.2f" % ((u * 100 + t) * 0.01 + c) for c in range(num_coeffs)) + "\n")
        paths.append(path)
    return paths


def load_mfcc(path):
    with open(path) as f:
        return np.array([[float(v) for v in line.split()] for line in f if line.strip()], dtype=np.float32)


class AudioFeatureReader(object):
    """Generic background feature reader that preprocesses MFCC files and enqueues them into a TF queue."""

    def __init__(self, feature_files, coord, num_coeffs=13, window=4, queue_size=64):
        self.feature_files = feature_files
        self.coord = coord
        self.window = window
        self.threads = []
        self.sample_placeholder = v1.placeholder(dtype=tf.float32, shape=[window, num_coeffs])
        self.id_placeholder = v1.placeholder(dtype=tf.int32, shape=[])
        self.queue = v1.FIFOQueue(queue_size, [tf.float32, tf.int32], shapes=[[window, num_coeffs], []])
        self.enqueue = self.queue.enqueue([self.sample_placeholder, self.id_placeholder])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        return self.queue.dequeue_up_to(num_elements)

    def thread_main(self, sess):
        try:
            for utt_id, path in enumerate(self.feature_files):
                if self.coord.should_stop():
                    break
                frames = load_mfcc(path)
                for start in range(0, len(frames) - self.window + 1, self.window // 2):
                    piece = frames[start:start + self.window]
                    sess.run(self.enqueue, feed_dict={self.sample_placeholder: piece, self.id_placeholder: utt_id})
        except Exception as exc:  # noqa: BLE001 - reported to the coordinator like the original readers did
            self.coord.request_stop(exc)
        finally:
            sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads


def main(data_dir):
    batch_size = 10
    files = write_feature_files(data_dir)
    coord = v1.train.Coordinator()
    with tf.name_scope("create_inputs"):
        reader = AudioFeatureReader(files, coord)
        features_batch, utt_batch = reader.dequeue(batch_size)
    energy = tf.reduce_mean(features_batch, axis=[1, 2])

    batches = []
    end = None
    sess = v1.Session()
    sess.run(v1.global_variables_initializer())
    threads = reader.start_threads(sess)
    try:
        while not coord.should_stop():
            feats, utts, e = sess.run([features_batch, utt_batch, energy])
            batches.append([np.round(feats[:, :, :3].astype(np.float64), 2).tolist(), utts.tolist(), np.round(e.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
