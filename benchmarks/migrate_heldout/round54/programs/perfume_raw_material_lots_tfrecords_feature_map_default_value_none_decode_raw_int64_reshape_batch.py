import tensorflow as tf

import os


def read_and_decode(filename_queue):
        # read
        reader = tf.compat.v1.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)

        feature_map = {
            'x': tf.compat.v1.FixedLenFeature(
                shape=[], dtype=tf.string),
            'y': tf.compat.v1.FixedLenFeature(
                shape=[], dtype=tf.int64,
                default_value=None)
        }
        parsed = tf.compat.v1.parse_single_example(serialized_example, feature_map)

        # decode
        width = 5
        height = 1
        depth = 1

        features = tf.compat.v1.decode_raw(parsed['x'], tf.int64)
        features = tf.reshape(features, [width, height, depth])
        features = tf.cast(features, tf.float32)
        labels = parsed['y']

        return features, labels


def write_lots(path):
        import numpy as np
        rng = np.random.RandomState(5456)
        with tf.compat.v1.python_io.TFRecordWriter(path) as writer:
                for lot in range(8):
                        # purity (per mille), density, ester, aldehyde, water
                        x = rng.randint(0, 1000, size=5).astype(np.int64)
                        example = tf.train.Example(features=tf.train.Features(feature={
                                'x': tf.train.Feature(bytes_list=tf.train.BytesList(value=[x.tobytes()])),
                                'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[lot % 2])),
                        }))
                        writer.write(example.SerializeToString())


def main(data_dir):
        out = os.path.join(data_dir, "h54_raw_lots")
        if not os.path.exists(out):
                os.makedirs(out)
        path = os.path.join(out, "lots.tfrecords")
        write_lots(path)

        filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        features, labels = read_and_decode(filename_queue)
        feature_batch, label_batch = tf.compat.v1.train.batch(
                [features, labels], batch_size=3, num_threads=1, allow_smaller_final_batch=True)
        purity = tf.squeeze(feature_batch[:, 0], axis=[1, 2]) / 1000.0

        batches = []
        with tf.compat.v1.Session() as sess:
                sess.run(tf.compat.v1.local_variables_initializer())
                coord = tf.compat.v1.train.Coordinator()
                threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
                try:
                        while not coord.should_stop():
                                f, l, p = sess.run([feature_batch, label_batch, purity])
                                batches.append([f.reshape(len(l), -1).tolist(),
                                                l.tolist(), [round(float(v), 4) for v in p]])
                except tf.errors.OutOfRangeError:
                        pass
                finally:
                        coord.request_stop()
                coord.join(threads)
        return {"batches": batches, "end": "raw material lots: %d" % sum(len(b[1]) for b in batches)}
