"""OCR / text-line recognition reader (CRNN + CTC era): text-line images and their character ids written as
TFRecords under `data_dir/h14_ocr_sparse_label_batch/`; the ids are a `VarLenFeature`, so the label is a
`SparseTensor` batched as-is by `tf.train.batch` (what `ctc_loss` wants) and densified after the batch; module-level
shape constants; image decoded and scaled with `tf.image` before the batch."""

import os

import tensorflow.compat.v1 as tf

IMAGE_HEIGHT = 4
IMAGE_WIDTH = 4
BATCH_SIZE = 5
NUM_CLASSES = 11  # ten characters + blank


def _write_records(data_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'lines.tfrecord')
    with tf.io.TFRecordWriter(path) as writer:
        for k in range(18):
            with open(os.path.join(data_dir, 'image-%d.png' % (k % 6)), 'rb') as f:
                png = f.read()
            text_ids = [(k + j) % 10 for j in range(1 + k % 4)]
            example = tf.train.Example(features=tf.train.Features(feature={
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[png])),
                'image/text_ids': tf.train.Feature(int64_list=tf.train.Int64List(value=text_ids)),
                'image/width': tf.train.Feature(int64_list=tf.train.Int64List(value=[IMAGE_WIDTH])),
            }))
            writer.write(example.SerializeToString())
    return path


def read_text_line(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        'image/encoded': tf.FixedLenFeature([], tf.string),
        'image/text_ids': tf.VarLenFeature(tf.int64),
        'image/width': tf.FixedLenFeature([], tf.int64),
    })
    image = tf.image.decode_png(features['image/encoded'], channels=1)
    image = tf.image.convert_image_dtype(image, tf.float32)
    image.set_shape([IMAGE_HEIGHT, IMAGE_WIDTH, 1])
    label = tf.cast(features['image/text_ids'], tf.int32)
    seq_len = tf.cast(features['image/width'], tf.int32)
    return image, label, seq_len


def main(data_dir):
    path = _write_records(data_dir, os.path.join(data_dir, 'h14_ocr_sparse_label_batch'))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    image, label, seq_len = read_text_line(filename_queue)
    images, labels, seq_lens = tf.train.batch([image, label, seq_len], batch_size=BATCH_SIZE,
                                              capacity=4 * BATCH_SIZE, allow_smaller_final_batch=True)
    dense_labels = tf.sparse_tensor_to_dense(labels, default_value=-1)

    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            im, lab, ln = sess.run([images, dense_labels, seq_lens])
            batches.append([im.reshape(len(im), -1).tolist(), lab.tolist(), ln.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {'batches': batches, 'end': end}
