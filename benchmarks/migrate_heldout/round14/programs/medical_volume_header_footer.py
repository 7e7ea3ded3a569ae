"""Medical volume reader: small CT-like volumes stored as fixed-length records in files **with a header and a
footer** (`FixedLengthRecordReader(record_bytes, header_bytes, footer_bytes)`), written under
`data_dir/h14_medical_volume_header_footer/`; one record is a label byte and a `[D, H, W]` uint8 volume cut with
`strided_slice`; each volume is split into its axial slices and batched with **`enqueue_many=True`** (one read, many
examples)."""

import os
import struct

import tensorflow.compat.v1 as tf

LABEL_BYTES = 1
DEPTH, HEIGHT, WIDTH = 2, 3, 3
VOLUME_BYTES = DEPTH * HEIGHT * WIDTH
RECORD_BYTES = LABEL_BYTES + VOLUME_BYTES
HEADER_BYTES = 16
FOOTER_BYTES = 8


def _write_volumes(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    files = []
    v = 0
    for f in range(2):
        path = os.path.join(out_dir, 'volumes-%d.bin' % f)
        with open(path, 'wb') as out:
            out.write(b'MEDVOL01' + struct.pack('<II', 5, RECORD_BYTES))
            for _ in range(5):
                out.write(bytes([v % 4]) + bytes((v * 11 + i * 7) % 256 for i in range(VOLUME_BYTES)))
                v += 1
            out.write(b'END.' + struct.pack('<I', 5))
        files.append(path)
    return files


def read_volume(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES,
                                        footer_bytes=FOOTER_BYTES)
    _, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    label = tf.cast(tf.reshape(tf.strided_slice(record, [0], [LABEL_BYTES]), []), tf.int32)
    volume = tf.reshape(tf.strided_slice(record, [LABEL_BYTES], [RECORD_BYTES]), [DEPTH, HEIGHT, WIDTH])
    volume = tf.cast(volume, tf.float32) / 255.0
    return volume, label


def slices_of(volume, label):
    labels = tf.fill([DEPTH], label)
    index = tf.range(DEPTH)
    return volume, labels, index


def main(data_dir):
    files = _write_volumes(os.path.join(data_dir, 'h14_medical_volume_header_footer'))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    volume, label = read_volume(filename_queue)
    slices, labels, index = slices_of(volume, label)
    slice_batch, label_batch, index_batch = tf.train.batch(
        [slices, labels, index], batch_size=4, enqueue_many=True, allow_smaller_final_batch=True)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, l, i = sess.run([slice_batch, label_batch, index_batch])
                batches.append([s.reshape(len(s), -1).tolist(), l.tolist(), i.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
