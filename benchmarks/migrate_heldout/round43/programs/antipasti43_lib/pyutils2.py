__author__ = "Nasim Rahaman"


class DebugLogger(object):
    def __init__(self, object_name='', activate=False):
        self.object_name = object_name
        self.activate = activate

    def get_logger_for(self, method_name, thread_num=None):
        def log(msg):
            if self.activate:
                print("[{}.{} - thread {}] {}".format(self.object_name, method_name, thread_num, msg))
        return log
