import tensorflow as tf

tf1 = tf.compat.v1


class Trainer(object):
    def __init__(self, config, data_loader):
        self.config = config
        self.data_loader = data_loader
        self.num_gpu = data_loader.num_gpu
        self.ids, self.x, self.y = data_loader.get_batch(num_epochs=config['num_epochs'])
        self.build_model()

    def build_model(self):
        ids_split = tf.split(self.ids, self.num_gpu, 0)
        x_split = tf.split(self.x, self.num_gpu, 0)
        y_split = tf.split(self.y, self.num_gpu, 0)
        self.towers = []
        with tf1.variable_scope(tf1.get_variable_scope()):
            for gpu_idx in range(self.num_gpu):
                with tf.device('/gpu:%d' % gpu_idx):
                    with tf.name_scope('tower_%d' % gpu_idx):
                        w = tf1.get_variable('w', [6], initializer=tf1.constant_initializer(0.1))
                        logits = tf.reduce_sum(x_split[gpu_idx] * w, axis=1) + \
                            self.data_loader.prior_logodds
                        loss = tf.nn.sigmoid_cross_entropy_with_logits(labels=y_split[gpu_idx],
                                                                       logits=logits)
                        self.towers.append((ids_split[gpu_idx], x_split[gpu_idx], loss))
                        tf1.get_variable_scope().reuse_variables()

    def train(self, sess):
        out = []
        step = 0
        try:
            while True:
                towers = sess.run(self.towers)
                step += 1
                for ids, x, loss in towers:
                    out.append((ids, x, loss))
        except tf.errors.OutOfRangeError:
            pass
        return step, out
