"""Retail shelf detection (the object-detection API's input shape): a decoder class makes a tensor dict of images of
several sizes and variable box lists; `BatchQueue` records each tensor's static and runtime shape, batches the
dict with `dynamic_pad=True`, prefetches the batch through a named `PaddingFIFOQueue` with its own runner, and
`dequeue()` unstacks the batch and `tf.slice`s every example back to its runtime shape (a list of dicts)."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from shelfdet_lib import batcher
from shelfdet_lib.decoder import TfExampleDecoder


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_records(path, count=10):
    with tf.python_io.TFRecordWriter(path) as writer:
        for n in range(count):
            h, w = 2 + n % 3, 3 + (n * 2) % 3
            pixels = [[(n * 17 + r * 5 + c) % 256 for c in range(w)] for r in range(h)]
            boxes = [(0.1 * k, 0.05 * n, 0.1 * k + 0.5, 0.05 * n + 0.4) for k in range(1 + n % 3)]
            feature = {
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(pixels)])),
                'image/source_id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'shelf-%02d' % n])),
                'image/object/class/label': tf.train.Feature(
                    int64_list=tf.train.Int64List(value=[(n + k) % 4 + 1 for k in range(len(boxes))])),
            }
            for i, side in enumerate(('ymin', 'xmin', 'ymax', 'xmax')):
                feature['image/object/bbox/' + side] = tf.train.Feature(
                    float_list=tf.train.FloatList(value=[b[i] for b in boxes]))
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def create_input_queue(batch_size_per_clone, create_tensor_dict_fn,
                       batch_queue_capacity, num_batch_queue_threads,
                       prefetch_queue_capacity):
    tensor_dict = create_tensor_dict_fn()
    tensor_dict['image'] = tf.expand_dims(tensor_dict['image'], 0)
    tensor_dict['image'] = tf.squeeze(tensor_dict['image'], axis=0) / 255.0
    return batcher.BatchQueue(
        tensor_dict,
        batch_size=batch_size_per_clone,
        batch_queue_capacity=batch_queue_capacity,
        num_batch_queue_threads=num_batch_queue_threads,
        prefetch_queue_capacity=prefetch_queue_capacity)


def main(data_dir):
    out = os.path.join(data_dir, 'h22_shelves_detection_batch_queue_unpad')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'shelves_train.record')
    write_records(path)

    def get_next():
        filename_queue = tf.train.string_input_producer([path], shuffle=False, capacity=4)
        _, string_tensor = tf.TFRecordReader().read(filename_queue)
        return TfExampleDecoder().decode(string_tensor)

    input_queue = create_input_queue(3, get_next, batch_queue_capacity=8, num_batch_queue_threads=1,
                                     prefetch_queue_capacity=2)
    read_data_list = input_queue.dequeue()
    areas = [tf.reduce_sum((d['groundtruth_boxes'][:, 2] - d['groundtruth_boxes'][:, 0])
                           * (d['groundtruth_boxes'][:, 3] - d['groundtruth_boxes'][:, 1]))
             for d in read_data_list]

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(4):
            examples, area_values = sess.run([read_data_list, areas])
            batches.append({
                'source_id': [e['source_id'].decode() for e in examples],
                'image': [e['image'].tolist() for e in examples],
                'boxes': [e['groundtruth_boxes'].tolist() for e in examples],
                'classes': [e['groundtruth_classes'].tolist() for e in examples],
                'area': [float(a) for a in area_values],
            })
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': step + 1}
