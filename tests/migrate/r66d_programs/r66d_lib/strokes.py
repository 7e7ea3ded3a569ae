"""Pen strokes of varying length as tf.Examples, and a loader that pads them through its own queue."""
import tensorflow.compat.v1 as tf


def write_strokes(path, count):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(count):
            points = [float(i * 10 + j) for j in range(1 + i % 4)]
            example = tf.train.Example(features=tf.train.Features(feature={
                'points': tf.train.Feature(float_list=tf.train.FloatList(value=points)),
                'pen': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
            }))
            writer.write(example.SerializeToString())


def stroke_batches(path, batch_size):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, record = tf.TFRecordReader().read(files)
    parsed = tf.parse_single_example(record, {
        'points': tf.VarLenFeature(tf.float32),
        'pen': tf.FixedLenFeature([], tf.int64),
    })
    points = tf.sparse_tensor_to_dense(parsed['points']) * 2.0
    pen = parsed['pen']
    length = tf.size(points)
    pad_queue = tf.PaddingFIFOQueue(
        capacity=16,
        dtypes=[points.dtype, pen.dtype, length.dtype],
        shapes=[points.get_shape(), pen.shape, length.get_shape()])
    fill = pad_queue.enqueue([points, pen, length])
    tf.train.add_queue_runner(tf.train.QueueRunner(pad_queue, [fill]))
    return pad_queue.dequeue_up_to(batch_size)
