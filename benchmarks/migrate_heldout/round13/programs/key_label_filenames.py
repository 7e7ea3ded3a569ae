"""Labels taken from the file name: match_filenames_once over a glob, WholeFileReader, the key split on '/'
with string_split and the digits of the base name turned into a number."""

import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    pattern = os.path.join(data_dir, "image-*.png")
    filenames = tf.train.match_filenames_once(pattern)
    filename_queue = tf.train.string_input_producer(tf.convert_to_tensor(filenames), num_epochs=2, shuffle=False)
    image_reader = tf.WholeFileReader()
    key, image_file = image_reader.read(filename_queue)
    parts = tf.string_split([key], "/")
    base_name = parts.values[-1]
    label = tf.string_to_number(tf.regex_replace(base_name, "[^0-9]", ""), out_type=tf.int32)
    image = tf.image.decode_png(image_file, channels=1)
    pixel_sum = tf.reduce_sum(tf.cast(image, tf.int32))
    label_batch, sum_batch = tf.train.batch([label, pixel_sum], batch_size=4, allow_smaller_final_batch=True)

    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                label_v, sum_v = sess.run([label_batch, sum_batch])
                batches.append([label_v.tolist(), sum_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
