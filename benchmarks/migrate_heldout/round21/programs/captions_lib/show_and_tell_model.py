"""The captioning model, reduced to its input side and a word-embedding loss."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

from captions_lib import inputs as input_ops


class ModelConfig(object):
    """Wrapper class for model hyperparameters."""

    def __init__(self):
        self.input_file_pattern = None
        self.image_format = "png"
        self.values_per_input_shard = 6
        self.input_queue_capacity_factor = 2
        self.num_input_reader_threads = 1
        self.image_feature_name = "image/data"
        self.caption_feature_name = "image/caption_ids"
        self.vocab_size = 12
        self.num_preprocess_threads = 2
        self.batch_size = 4
        self.image_height = 4
        self.image_width = 4
        self.embedding_size = 3


class ShowAndTellModel(object):
    """Image-to-text model: only the inputs and the embedding are built here."""

    def __init__(self, config, mode):
        assert mode in ["train", "eval", "inference"]
        self.config = config
        self.mode = mode
        self.reader = tf.TFRecordReader()
        self.images = None
        self.input_seqs = None
        self.target_seqs = None
        self.input_mask = None
        self.total_loss = None

    def is_training(self):
        return self.mode == "train"

    def process_image(self, encoded_image, thread_id=0):
        with tf.name_scope("decode", values=[encoded_image]):
            if self.config.image_format == "jpeg":
                image = tf.image.decode_jpeg(encoded_image, channels=1)
            else:
                image = tf.image.decode_png(encoded_image, channels=1)
        image = tf.image.convert_image_dtype(image, dtype=tf.float32)
        image = tf.image.resize_images(image, size=[self.config.image_height, self.config.image_width],
                                       method=tf.image.ResizeMethod.BILINEAR)
        # Rescale to [-1, 1].
        image = tf.subtract(image, 0.5)
        image = tf.multiply(image, 2.0)
        return image

    def build_inputs(self):
        input_queue = input_ops.prefetch_input_data(
            self.reader,
            self.config.input_file_pattern,
            is_training=self.is_training(),
            batch_size=self.config.batch_size,
            values_per_shard=self.config.values_per_input_shard,
            input_queue_capacity_factor=self.config.input_queue_capacity_factor,
            num_reader_threads=self.config.num_input_reader_threads)

        # Image processing split across threads, each dequeuing its own example.
        assert self.config.num_preprocess_threads % 2 == 0
        images_and_captions = []
        for thread_id in range(self.config.num_preprocess_threads):
            serialized_sequence_example = input_queue.dequeue()
            encoded_image, caption = input_ops.parse_sequence_example(
                serialized_sequence_example,
                image_feature=self.config.image_feature_name,
                caption_feature=self.config.caption_feature_name)
            image = self.process_image(encoded_image, thread_id=thread_id)
            images_and_captions.append([image, caption])

        queue_capacity = (2 * self.config.num_preprocess_threads * self.config.batch_size)
        images, input_seqs, target_seqs, input_mask = input_ops.batch_with_dynamic_pad(
            images_and_captions, batch_size=self.config.batch_size, queue_capacity=queue_capacity)

        self.images = images
        self.input_seqs = input_seqs
        self.target_seqs = target_seqs
        self.input_mask = input_mask

    def build_seq_embeddings(self):
        with tf.variable_scope("seq_embedding"):
            embedding_map = tf.get_variable(
                name="map", shape=[self.config.vocab_size, self.config.embedding_size],
                initializer=tf.constant_initializer(0.25))
            return tf.nn.embedding_lookup(embedding_map, self.input_seqs)

    def build(self):
        self.build_inputs()
        seq_embeddings = self.build_seq_embeddings()
        weights = tf.cast(self.input_mask, tf.float32)
        per_word = tf.reduce_sum(seq_embeddings, axis=2)
        self.total_loss = tf.div(tf.reduce_sum(per_word * weights), tf.reduce_sum(weights), name="batch_loss")
