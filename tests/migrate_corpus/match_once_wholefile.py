"""Images listed by a glob pattern at run time (match_filenames_once), read whole and decoded."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    pattern = data_dir + "/image-*.png"
    filenames = tf.train.match_filenames_once(pattern)
    filename_queue = tf.train.string_input_producer(tf.convert_to_tensor(filenames), num_epochs=1, shuffle=False)
    image_reader = tf.WholeFileReader()
    _, image_file = image_reader.read(filename_queue)
    image = tf.image.decode_png(image_file, channels=1)
    image = tf.cast(tf.reshape(image, [4, 4]), tf.int32)
    images = tf.train.batch([image], batch_size=2)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(images).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
