"""The image tutorial's input module, in small: a record-object reader, a name_scope, a batch helper with a
shuffle flag called by two input functions (shuffled training input, ordered evaluation input)."""

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 2
NUM_EXAMPLES_PER_EPOCH = 36


def read_records(filename_queue):
    class FixedRecord(object):
        pass

    result = FixedRecord()
    label_bytes = 4
    result.height = 1
    result.width = 1
    result.depth = 1
    image_bytes = result.height * result.width * result.depth * 4
    record_bytes = label_bytes + image_bytes
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=4)
    result.key, value = reader.read(filename_queue)
    record_bytes = tf.decode_raw(value, tf.int32)
    result.label = tf.cast(tf.strided_slice(record_bytes, [0], [1]), tf.int32)
    depth_major = tf.reshape(tf.strided_slice(record_bytes, [1], [2]), [result.depth, result.height, result.width])
    result.image = tf.transpose(depth_major, [1, 2, 0])
    return result


def _generate_image_and_label_batch(image, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 2
    if shuffle:
        images, label_batch = tf.train.shuffle_batch(
            [image, label],
            batch_size=batch_size,
            num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size,
            min_after_dequeue=min_queue_examples,
            allow_smaller_final_batch=True)
    else:
        images, label_batch = tf.train.batch(
            [image, label],
            batch_size=batch_size,
            num_threads=1,
            capacity=min_queue_examples + 3 * batch_size,
            allow_smaller_final_batch=True)
    tf.summary.image("images", tf.cast(images, tf.float32))
    return images, tf.reshape(label_batch, [-1])


def distorted_inputs(data_dir, batch_size):
    filenames = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    with tf.name_scope("data_augmentation"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1)
        read_input = read_records(filename_queue)
        reshaped_image = tf.cast(read_input.image, tf.float32)
        height = IMAGE_SIZE
        float_image = tf.image.resize_images(reshaped_image, [height, height])
        float_image.set_shape([height, height, 1])
        read_input.label.set_shape([1])
        min_fraction_of_examples_in_queue = 0.4
        min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH * min_fraction_of_examples_in_queue)
        print("Filling queue with %d images before starting to train." % min_queue_examples)
    return _generate_image_and_label_batch(float_image, read_input.label, min_queue_examples, batch_size,
                                           shuffle=True)


def inputs(data_dir, batch_size):
    filenames = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        read_input = read_records(filename_queue)
        image = tf.cast(read_input.image, tf.float32) * 2.0
        read_input.label.set_shape([1])
    return _generate_image_and_label_batch(image, read_input.label, 10, batch_size, shuffle=False)


def _drain(images, labels):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([images, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return out


def main(data_dir):
    train = _drain(*distorted_inputs(data_dir, 8))
    with tf.Graph().as_default():
        evaluation = _drain(*inputs(data_dir, 8))
    return {"batches": train + evaluation, "end": "OutOfRangeError"}
