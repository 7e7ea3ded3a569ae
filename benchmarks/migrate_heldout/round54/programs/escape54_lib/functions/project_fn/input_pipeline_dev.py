import tensorflow as tf


class InputPipeline:
    def __init__(self, config):
        self.config = config
        self.data = {}

    def _parse(self, serialized):
        features = tf.compat.v1.parse_single_example(serialized, {
            "still/encoded": tf.compat.v1.FixedLenFeature([], tf.string),
            "still/gt": tf.compat.v1.FixedLenFeature([], tf.string),
            "still/room": tf.compat.v1.FixedLenFeature([], tf.string),
        })
        h, w = self.config.img_height, self.config.img_width
        img = tf.reshape(tf.compat.v1.decode_raw(features["still/encoded"], tf.uint8), [h, w, 1])
        gt = tf.reshape(tf.compat.v1.decode_raw(features["still/gt"], tf.uint8), [h, w])
        img = tf.cast(img, tf.float32) / 127.5 - 1.0
        return img, tf.cast(gt, tf.int32), features["still/room"]

    def build(self):
        with tf.name_scope("input_pipeline"):
            filename_queue = tf.compat.v1.train.string_input_producer(
                [self.config.record_path], num_epochs=self.config.num_epochs, shuffle=self.config.shuffle)
            reader = tf.compat.v1.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            img, gt, room = self._parse(serialized)
            img_b, gt_b, room_b = tf.compat.v1.train.batch(
                [img, gt, room], batch_size=self.config.batch_size,
                num_threads=self.config.num_threads, allow_smaller_final_batch=True)
        self.data['input'] = img_b
        self.data['gt'] = gt_b
        self.data['room'] = room_b
