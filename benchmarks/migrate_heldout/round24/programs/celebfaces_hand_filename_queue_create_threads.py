"""A hand-built RandomShuffleQueue of file names, filled by a QueueRunner whose threads are made with
create_threads(start=True) (not through the collection), read by a WholeFileReader and batched."""
import os
import struct
import zlib

import tensorflow.compat.v1 as tf


def write_faces(folder):
    os.makedirs(folder, exist_ok=True)

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))

    for n in range(6):
        rows = [[(n * 31 + r * 5 + c) % 256 for c in range(5)] for r in range(5)]
        raw = b''.join(b'\x00' + bytes(r) for r in rows)
        head = struct.pack('>IIBBBBB', 5, 5, 8, 0, 0, 0, 0)
        with open(os.path.join(folder, '%06d.png' % (n + 1)), 'wb') as f:
            f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', head) + chunk(b'IDAT', zlib.compress(raw))
                    + chunk(b'IEND', b''))


def main(data_dir):
    data_path = os.path.join(data_dir, 'h24_celebfaces_hand_filename_queue_create_threads')
    write_faces(data_path)
    filenames = [os.path.join(data_path, f) for f in sorted(os.listdir(data_path))]
    filenames_tensor = tf.constant(filenames)
    fnq = tf.RandomShuffleQueue(capacity=60, min_after_dequeue=2, dtypes=tf.string, seed=3)
    enq_op = fnq.enqueue_many(tf.train.limit_epochs(filenames_tensor, num_epochs=2))
    qr_f = tf.train.QueueRunner(fnq, [enq_op] * 2)

    reader = tf.WholeFileReader()
    key, value = reader.read(fnq)
    image = tf.image.decode_png(value, channels=1)
    image = tf.reshape(tf.image.convert_image_dtype(image, tf.float32), [5, 5])
    name = tf.strings.regex_replace(key, '.*/', '')
    image_batch, name_batch = tf.train.batch([image, name], batch_size=4, capacity=12)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    enqueue_threads = qr_f.create_threads(sess, coord=coord, start=True)
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    end = 'steps'
    for step in range(1000):
        if coord.should_stop():
            end = 'coordinator'
            break
        try:
            images, names = sess.run([image_batch, name_batch])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
            break
        batches.append([[n.decode() for n in names], [round(float(im.mean()), 4) for im in images]])
    coord.request_stop()
    coord.join(enqueue_threads + threads)
    sess.close()
    return {'batches': batches, 'end': end}
