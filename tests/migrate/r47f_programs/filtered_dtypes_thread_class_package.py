import tensorflow as tf

from r47f_lib.feeding import ListFeeder

tf1 = tf.compat.v1


def main(data_dir):
    rows = [[b'r%d' % i, i % 7, [float(i), float(2 * i)]] for i in range(9)]
    placeholders = [tf1.placeholder(tf.string, [], name='route'),
                    tf1.placeholder(tf.int32, [], name='weekday'),
                    tf1.placeholder(tf.float32, [2], name='counts')]
    feeder = ListFeeder(rows, placeholders, queue_size=3)
    route, weekday, counts = feeder.dequeue()
    diff = counts[1] - counts[0]
    sess = tf1.Session()
    feeder.set_session(sess)
    feeder.start()
    seen = []
    try:
        while True:
            r, w, c, d = sess.run([route, weekday, counts, diff])
            seen.append([[r.decode()], [int(w)], [c.tolist()], [float(d)]])
    except tf.errors.OutOfRangeError:
        pass
    feeder.join()
    sess.close()
    return {'batches': seen, 'end': 'OutOfRangeError'}
