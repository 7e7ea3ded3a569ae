"""Face verification input: each TFRecord holds two PNG-encoded faces and a same-person flag; both faces are
decoded and stacked as channels of one pair tensor; the shuffle batch takes its settings as `**kwargs`."""

import os

import tensorflow.compat.v1 as tf

NUM_PAIRS = 15


def write_pairs(data_dir):
    pngs = []
    for i in range(6):
        with open(os.path.join(data_dir, "image-%d.png" % i), "rb") as f:
            pngs.append(f.read())
    out_dir = os.path.join(data_dir, "h16_siamese_png_pairs_records")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "pairs.tfrecords")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(NUM_PAIRS):
            left, right = i % 6, (i * 5 + 1) % 6 if i % 4 else i % 6
            example = tf.train.Example(features=tf.train.Features(feature={
                "left_png": tf.train.Feature(bytes_list=tf.train.BytesList(value=[pngs[left]])),
                "right_png": tf.train.Feature(bytes_list=tf.train.BytesList(value=[pngs[right]])),
                "same": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(left == right)])),
            }))
            writer.write(example.SerializeToString())
    return path


def decode_face(encoded):
    face = tf.image.decode_png(encoded, channels=1)
    face.set_shape([4, 4, 1])
    return tf.image.convert_image_dtype(face, tf.float32)


def read_pair(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {
        "left_png": tf.FixedLenFeature([], tf.string),
        "right_png": tf.FixedLenFeature([], tf.string),
        "same": tf.FixedLenFeature([], tf.int64),
    })
    left = decode_face(parsed["left_png"])
    right = decode_face(parsed["right_png"])
    pair = tf.concat([left, right], axis=-1)
    distance = tf.reduce_mean(tf.abs(left - right))
    return pair, parsed["same"], distance


def main(data_dir):
    filename_queue = tf.train.string_input_producer([write_pairs(data_dir)], num_epochs=2)
    pair, same, distance = read_pair(filename_queue)
    batch_kwargs = dict(batch_size=4, capacity=30, min_after_dequeue=5, num_threads=3, seed=11,
                        allow_smaller_final_batch=True)
    pairs, labels, distances = tf.train.shuffle_batch([pair, same, distance], **batch_kwargs)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, l, d = sess.run([pairs, labels, distances])
                batches.append([p.tolist(), l.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "pairs done"}
