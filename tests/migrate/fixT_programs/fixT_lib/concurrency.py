"""Thread classes of another module: a feeder whose constructor makes the enqueue and close ops from the queue it
is handed, and a watcher that runs an op it is handed and keeps the values."""
import threading


class EnqueueThread(threading.Thread):
    def __init__(self, sess, queue, sample, inputs):
        super(EnqueueThread, self).__init__()
        self.daemon = True
        self.sess = sess
        self.queue = queue
        self.sample = sample
        self.inputs = inputs
        self.op = self.queue.enqueue(inputs, name='enqueue')
        self.close_op = self.queue.close(name='close')

    def run(self):
        while True:
            try:
                data = self.sample()
            except StopIteration:
                self.sess.run(self.close_op)
                return
            self.sess.run(self.op, feed_dict=dict(zip(self.inputs, data)))


class OpThread(threading.Thread):
    def __init__(self, sess, queue, op):
        super(OpThread, self).__init__()
        self.daemon = True
        self.sess = sess
        self.queue = queue
        self.op = op
        self.values = []
        self._stop_event = threading.Event()

    def run(self):
        while not self._stop_event.wait(0.01):
            self.values.append(self.sess.run(self.op))

    def stop(self):
        self._stop_event.set()
        self.join()
