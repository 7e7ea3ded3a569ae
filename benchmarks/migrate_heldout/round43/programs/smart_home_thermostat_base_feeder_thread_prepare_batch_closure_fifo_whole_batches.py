"""Smart-home thermostat logs fed by a `BaseFeeder(threading.Thread)`: `build_feeder` plugs a
`prepare_batch` closure onto the instance, each call feeds one whole batch through the
placeholders into a small FIFOQueue; the closure closes the queue when the log runs out and the
main loop dequeues until OutOfRangeError."""
import csv
import os
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def build_feeder(prepare_batch_func, coordinator, placeholders, session, batch_size=32):
    """
    Helper function for building data feeder.
    :param prepare_batch_func:
    :param coordinator: tensorflow.train.Coordinator instance
    :param placeholders: list of tensorflow.placeholder instance
    :param batch_size:
    :return:
    """
    base_feeder = BaseFeeder(coordinator, placeholders, session, batch_size)
    base_feeder.prepare_batch = prepare_batch_func
    return base_feeder


class BaseFeeder(threading.Thread):
    def __init__(self, coordinator, placeholders, session, batch_size=32):
        """

        :param coordinator:
        :param placeholders:
        :param batch_size:
        """
        super(BaseFeeder, self).__init__()
        self.coord = coordinator
        self.queue = tf1.FIFOQueue(capacity=int(batch_size/4), dtypes=[item.dtype for item in placeholders])
        self.enqueue_op = self.queue.enqueue(placeholders)
        self.close_op = self.queue.close()
        fed_holders = [None] * len(placeholders)
        deq = self.queue.dequeue()
        for idx in range(len(fed_holders)):
            fed_holders[idx] = deq[idx]
        for item, ph in zip(fed_holders, placeholders):
            item.set_shape(ph.get_shape())
        self.fed_holders = fed_holders
        self.placeholders = placeholders
        self.sess = session

    def prepare_batch(self):
        """
        You should call self.feed_single_batch in the implementation.
        :return:
        """
        pass

    def feed_single_batch(self, single_batch):
        """
        Will be blocked, if the queue is full.
        :param single_batch:
        :return:
        """
        self.sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, single_batch)))

    def run(self):
        try:
            while not self.coord.should_stop():
                self.prepare_batch()
        except Exception as e:
            # Report exceptions to the coordinator.
            print('Data feeder thread failed.')
            self.coord.request_stop(e)
        finally:
            # Terminate as usual. It is safe to call `coord.request_stop()` twice.
            self.coord.request_stop()


def write_log(path):
    rng = np.random.RandomState(243)
    with open(path, 'w') as f:
        f.write('device,temperature,humidity,setpoint,hvac_on\n')
        for i in range(10):
            f.write('%s,%.1f,%.1f,%.1f,%d\n' % (rng.choice(['living_room', 'bedroom', 'hallway']),
                                                rng.uniform(16, 27), rng.uniform(30, 70),
                                                rng.choice([19.0, 20.5, 22.0]), rng.randint(0, 2)))


def load_chunks(path, batch_size):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for start in range(0, len(rows), batch_size):
        part = rows[start:start + batch_size]
        yield [np.array([r['device'] for r in part], dtype=object),
               np.array([[float(r['temperature']), float(r['humidity']), float(r['setpoint'])]
                         for r in part], dtype=np.float32),
               np.array([int(r['hvac_on']) for r in part], dtype=np.int32)]


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_thermostat')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'thermostat_log.csv')
    write_log(path)

    batch_size = 4
    placeholders = [tf1.placeholder(tf.string, [None], name='device'),
                    tf1.placeholder(tf.float32, [None, 3], name='readings'),
                    tf1.placeholder(tf.int32, [None], name='hvac_on')]
    coord = tf1.train.Coordinator()
    sess = tf1.Session()
    chunks = load_chunks(path, batch_size)

    def prepare_batch():
        try:
            single_batch = next(chunks)
        except StopIteration:
            sess.run(feeder.close_op)
            coord.request_stop()
            return
        feeder.feed_single_batch(single_batch)

    feeder = build_feeder(prepare_batch, coord, placeholders, sess, batch_size=batch_size)
    device, readings, hvac_on = feeder.fed_holders
    comfort = tf.abs(readings[:, 0] - readings[:, 2])

    feeder.start()
    batches = []
    while True:
        try:
            d, r, h, c = sess.run([device, readings, hvac_on, comfort])
        except tf.errors.OutOfRangeError:
            break
        batches.append([[s.decode() for s in d], np.round(r.astype(np.float64), 4).tolist(),
                        h.tolist(), np.round(c.astype(np.float64), 4).tolist()])
    coord.join([feeder])
    sess.close()
    return {"batches": batches, "end": "queue closed"}
