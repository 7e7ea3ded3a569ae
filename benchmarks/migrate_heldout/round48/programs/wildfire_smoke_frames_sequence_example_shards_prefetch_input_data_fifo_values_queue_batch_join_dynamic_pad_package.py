"""Evaluates the smoke-frame scorer on the tower camera shards (im2txt-like model class)."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow as tf

from fire48_lib import configuration
from fire48_lib import inputs as input_ops


def write_shards(out_dir, config):
    tf.io.gfile.makedirs(out_dir)
    rng = np.random.RandomState(4803)
    for shard in range(2):
        path = os.path.join(out_dir, "smoke-%05d-of-00002" % shard)
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(6):
                frame = rng.randint(0, 256, size=(config.frame_height, config.frame_width)).astype(np.uint8)
                n = 2 + (shard * 6 + i) % 4
                scores = rng.randint(0, 10, size=n)
                ex = tf.train.SequenceExample()
                ex.context.feature[config.frame_feature_name].bytes_list.value.append(frame.tobytes())
                fl = ex.feature_lists.feature_list[config.score_feature_name]
                for s in scores:
                    fl.feature.add().int64_list.value.append(int(s))
                writer.write(ex.SerializeToString())
    return os.path.join(out_dir, "smoke-?????-of-00002")


class SmokeModel(object):

    def __init__(self, config, mode):
        assert mode in ["train", "eval", "inference"]
        self.config = config
        self.mode = mode
        self.reader = tf.compat.v1.TFRecordReader()
        self.frames = None
        self.input_seqs = None
        self.target_seqs = None
        self.input_mask = None

    def is_training(self):
        return self.mode == "train"

    def process_frame(self, encoded_frame):
        frame = tf.io.decode_raw(encoded_frame, tf.uint8)
        frame = tf.reshape(frame, [self.config.frame_height, self.config.frame_width])
        return tf.cast(frame, tf.float32) / 255.0

    def build_inputs(self):
        input_queue = input_ops.prefetch_input_data(
            self.reader,
            self.config.input_file_pattern,
            is_training=self.is_training(),
            batch_size=self.config.batch_size,
            values_per_shard=self.config.values_per_input_shard,
            input_queue_capacity_factor=self.config.input_queue_capacity_factor,
            num_reader_threads=self.config.num_input_reader_threads)

        assert self.config.num_preprocess_threads % 1 == 0
        frames_and_scores = []
        for thread_id in range(self.config.num_preprocess_threads):
            serialized_sequence_example = input_queue.dequeue()
            encoded_frame, scores = input_ops.parse_sequence_example(
                serialized_sequence_example,
                frame_feature=self.config.frame_feature_name,
                score_feature=self.config.score_feature_name)
            frame = self.process_frame(encoded_frame)
            frames_and_scores.append([frame, scores])

        queue_capacity = (2 * self.config.num_preprocess_threads * self.config.batch_size)
        frames, input_seqs, target_seqs, input_mask = (
            input_ops.batch_with_dynamic_pad(frames_and_scores,
                                             batch_size=self.config.batch_size,
                                             queue_capacity=queue_capacity))
        self.frames = frames
        self.input_seqs = input_seqs
        self.target_seqs = target_seqs
        self.input_mask = input_mask

    def build(self):
        self.build_inputs()


def main(data_dir):
    config = configuration.ModelConfig()
    config.input_file_pattern = write_shards(os.path.join(data_dir, "h48_wildfire_smoke_frames"), config)
    model = SmokeModel(config, mode="eval")
    model.build()
    mean_intensity = tf.reduce_mean(model.frames, axis=[1, 2])

    num_eval_batches = 12 // config.batch_size
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(num_eval_batches):
            m, inp, tgt, mask = sess.run([mean_intensity, model.input_seqs, model.target_seqs, model.input_mask])
            batches.append([np.round(m.astype(np.float64), 4).tolist(), inp.tolist(), tgt.tolist(), mask.tolist()])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": "eval batches: %d" % len(batches)}
