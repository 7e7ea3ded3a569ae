"""slice_input_producer over image paths and labels, each file read with tf.read_file and decoded."""

import tensorflow.compat.v1 as tf


def get_batch(paths, labels, batch_size):
    path_t = tf.convert_to_tensor(paths, dtype=tf.string)
    label_t = tf.convert_to_tensor(labels, dtype=tf.int32)
    input_queue = tf.train.slice_input_producer([path_t, label_t], num_epochs=2, shuffle=False)
    contents = tf.read_file(input_queue[0])
    image = tf.image.decode_png(contents, channels=1)
    image = tf.image.resize_image_with_crop_or_pad(image, 2, 2)
    image = tf.cast(image, tf.float32) / 255.0
    label = input_queue[1]
    image_batch, label_batch = tf.train.batch([image, label], batch_size=batch_size, num_threads=1,
                                              capacity=32, allow_smaller_final_batch=True)
    return image_batch, label_batch


def main(data_dir):
    paths = [data_dir + "/image-%d.png" % i for i in range(6)]
    images, labels = get_batch(paths, [i % 3 for i in range(6)], 5)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, l = sess.run([images, labels])
                out.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
