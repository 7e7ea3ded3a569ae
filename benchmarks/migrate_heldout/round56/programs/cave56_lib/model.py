import numpy as np
import tensorflow.compat.v1 as tf

from cave56_lib.networks import generator, discriminator
from cave56_lib.config import *


class ContextEncoder:
    def __init__(self, record_path):
        # Paper: Context Encoders: Feature Learning by Inpainting
        # The wall scans come from a record queue instead of feed_dict placeholders.
        self.inputs, self.patch, self.scan_id = self.read_scans(record_path)
        self.train_phase = tf.placeholder(tf.bool)
        G = generator("generator")
        D = discriminator("discriminator")
        self.patch_fake = G(self.inputs, self.train_phase)
        self.fake_logits = D(self.patch_fake, self.train_phase)
        self.real_logits = D(self.patch, self.train_phase)
        self.D_loss = -tf.reduce_mean(tf.log(tf.nn.sigmoid(self.real_logits) + 1e-5)
                                      + tf.log(1 - tf.nn.sigmoid(self.fake_logits) + 1e-5))
        self.G_loss = -tf.reduce_mean(tf.log(tf.nn.sigmoid(self.fake_logits) + 1e-5))
        self.loss = LAMBDA_ADV * self.G_loss + LAMBDA_REC * tf.reduce_mean(tf.reduce_sum(
            tf.square(self.patch - self.patch_fake), [1, 2, 3]))
        self.D_Opt = tf.train.AdamOptimizer(LEARNING_RATE).minimize(self.D_loss, var_list=D.var)
        self.G_Opt = tf.train.AdamOptimizer(LEARNING_RATE).minimize(self.loss, var_list=G.var)
        self.sess = tf.Session()

    def read_scans(self, record_path):
        filename_queue = tf.train.string_input_producer([record_path], num_epochs=1, shuffle=False)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, features={
            'scan_raw': tf.FixedLenFeature([], tf.string),
            'scan_id': tf.FixedLenFeature([], tf.string),
        })
        scan = tf.reshape(tf.decode_raw(features['scan_raw'], tf.float32), [IMG_H, IMG_W, IMG_C])
        top, left = (IMG_H - MASK_H) // 2, (IMG_W - MASK_W) // 2
        patch = tf.slice(scan, [top, left, 0], [MASK_H, MASK_W, IMG_C])
        mask = np.ones([IMG_H, IMG_W, IMG_C], dtype=np.float32)
        mask[top:top + MASK_H, left:left + MASK_W, :] = 0.
        masked = scan * tf.constant(mask)
        return tf.train.batch([masked, patch, features['scan_id']], batch_size=BATCH_SIZE,
                              num_threads=1, capacity=2 * BATCH_SIZE)

    def train(self):
        self.sess.run(tf.global_variables_initializer())
        self.sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=self.sess, coord=coord)
        seen = []
        i = 0
        try:
            while True:
                # both nets on the same dequeued batch: one run
                _, _, masked, patch, ids = self.sess.run(
                    [self.D_Opt, self.G_Opt, self.inputs, self.patch, self.scan_id],
                    feed_dict={self.train_phase: True})
                seen.append([np.round(masked.astype(np.float64), 4).tolist(),
                             np.round(patch.astype(np.float64), 4).tolist(),
                             [s.decode() for s in ids]])
                i += 1
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
        self.sess.close()
        return seen, i
