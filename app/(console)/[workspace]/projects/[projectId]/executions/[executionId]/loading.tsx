import { PageLoading } from '../../../../_components/page-loading';

export default PageLoading;
