"""Binary logger dumps: an 8-byte header, 6-byte records of three little-endian int16, a 4-byte footer."""
import os
import struct

import tensorflow.compat.v1 as tf

RECORD_BYTES = 6
HEADER_BYTES = 8
FOOTER_BYTES = 4
BATCH_SIZE = 3


def write_dump(path, station, n):
    with open(path, 'wb') as f:
        f.write(b'LOG1' + struct.pack('<I', n))
        for i in range(n):
            f.write(struct.pack('<hhh', station * 100 + i, 150 + 7 * i - 3 * station, 40 + (i * 13) % 50))
        f.write(b'\xff\xfe\xfd\xfc')


def read_sensor(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES,
                                        footer_bytes=FOOTER_BYTES)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int16, little_endian=True)
    record.set_shape([3])
    reading_id = tf.cast(record[0], tf.int32)
    temperature = tf.cast(record[1], tf.float32) / 10.0
    humidity = tf.cast(record[2], tf.float32) / 100.0
    return reading_id, temperature, humidity


def main(data_dir):
    root = os.path.join(data_dir, 'h29_sensor_log_fixed_length_header_footer_int16')
    os.makedirs(root, exist_ok=True)
    files = []
    for station, n in ((1, 4), (2, 5)):
        path = os.path.join(root, 'station_%d.bin' % station)
        write_dump(path, station, n)
        files.append(path)

    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reading_id, temperature, humidity = read_sensor(filename_queue)
    ids, temps, hums = tf.train.batch([reading_id, temperature, humidity], batch_size=BATCH_SIZE,
                                      allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, t, h = sess.run([ids, temps, hums])
                batches.append({'id': i.tolist(), 'temp': [round(v, 3) for v in t.tolist()],
                                'hum': [round(v, 3) for v in h.tolist()]})
        except tf.errors.OutOfRangeError:
            end = 'all dumps read'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
