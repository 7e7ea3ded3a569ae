#-*- coding:utf-8 -*-
# darts league: one line per throw, "player,segment" in three match files.
# batch_join over a list of decoders that share one reader (one thread each).
import os
import tensorflow.compat.v1 as tf


def write_match_files(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    names = []
    for m, match in enumerate(['A.csv', 'B.csv', 'C.csv']):
        path = os.path.join(folder, match)
        with open(path, 'w') as f:
            for t in range(4):
                f.write('p%d%d,%s%d\n' % (m, t, 'TDS'[(m + t) % 3], (7 * m + 3 * t) % 20 + 1))
        names.append(path)
    return names


def main(data_dir):
    filenames = write_match_files(os.path.join(data_dir, 'h57_darts_league_throws'))
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    record_defaults = [['null'], ['null']]
    # 定义了多种解码器,每个解码器跟一个reader相连
    example_list = [tf.decode_csv(value, record_defaults=record_defaults)
                    for _ in range(2)]  # Reader设置为2
    # 使用tf.train.batch_join()，可以使用多个reader，并行读取数据。每个Reader使用一个线程。
    example_batch, label_batch = tf.train.batch_join(
        example_list, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while True:
                e_val, l_val = sess.run([example_batch, label_batch])
                batches.append([[e.decode() for e in e_val], [l.decode() for l in l_val]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "throws: %d" % sum(len(b[0]) for b in batches)}
