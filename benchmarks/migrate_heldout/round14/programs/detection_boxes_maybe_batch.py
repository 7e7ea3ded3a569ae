"""Object detection reader (SSD/YOLO-era TFRecords of boxes), written under
`data_dir/h14_detection_boxes_maybe_batch/`: `VarLenFeature` xmin/ymin/xmax/ymax densified and stacked into
`[num_boxes, 4]`, images **without boxes filtered out by `tf.train.maybe_batch(keep_input=...)`** with
`dynamic_pad=True`; the reader is made inline (`tf.TFRecordReader().read(queue)`)."""

import os

import tensorflow.compat.v1 as tf


def _write_records(data_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'boxes.tfrecord')
    with tf.io.TFRecordWriter(path) as writer:
        for k in range(20):
            with open(os.path.join(data_dir, 'image-%d.png' % (k % 6)), 'rb') as f:
                png = f.read()
            n = k % 4
            coords = {
                'xmin': [(k + j) / 64.0 for j in range(n)],
                'ymin': [(k + 2 * j) / 64.0 for j in range(n)],
                'xmax': [(k + j + 8) / 64.0 for j in range(n)],
                'ymax': [(k + 2 * j + 8) / 64.0 for j in range(n)],
            }
            feature = {
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[png])),
                'image/object/class/label': tf.train.Feature(
                    int64_list=tf.train.Int64List(value=[(k + j) % 3 + 1 for j in range(n)])),
            }
            for name, values in coords.items():
                feature['image/object/bbox/' + name] = tf.train.Feature(float_list=tf.train.FloatList(value=values))
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def decode_detection(serialized):
    keys_to_features = {
        'image/encoded': tf.FixedLenFeature((), tf.string),
        'image/object/bbox/xmin': tf.VarLenFeature(tf.float32),
        'image/object/bbox/ymin': tf.VarLenFeature(tf.float32),
        'image/object/bbox/xmax': tf.VarLenFeature(tf.float32),
        'image/object/bbox/ymax': tf.VarLenFeature(tf.float32),
        'image/object/class/label': tf.VarLenFeature(tf.int64),
    }
    parsed = tf.parse_single_example(serialized, keys_to_features)
    image = tf.image.decode_png(parsed['image/encoded'], channels=1)
    image.set_shape([4, 4, 1])
    xmin = tf.sparse_tensor_to_dense(parsed['image/object/bbox/xmin'])
    ymin = tf.sparse_tensor_to_dense(parsed['image/object/bbox/ymin'])
    xmax = tf.sparse_tensor_to_dense(parsed['image/object/bbox/xmax'])
    ymax = tf.sparse_tensor_to_dense(parsed['image/object/bbox/ymax'])
    boxes = tf.stack([ymin, xmin, ymax, xmax], axis=1)
    classes = tf.cast(tf.sparse_tensor_to_dense(parsed['image/object/class/label']), tf.int32)
    num_boxes = tf.shape(classes)[0]
    return image, boxes, classes, num_boxes


def get_batch(files, batch_size):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    image, boxes, classes, num_boxes = decode_detection(serialized)
    keep = tf.greater(num_boxes, 0)
    return tf.train.maybe_batch([image, boxes, classes, num_boxes], keep_input=keep, batch_size=batch_size,
                                dynamic_pad=True, allow_smaller_final_batch=True)


def main(data_dir):
    path = _write_records(data_dir, os.path.join(data_dir, 'h14_detection_boxes_maybe_batch'))
    images, boxes, classes, num_boxes = get_batch([path], batch_size=4)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, bx, cl, nb = sess.run([images, boxes, classes, num_boxes])
                batches.append([im.reshape(len(im), -1).sum(axis=1).tolist(), bx.tolist(), cl.tolist(), nb.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
